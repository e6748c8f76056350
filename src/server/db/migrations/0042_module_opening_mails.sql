CREATE TABLE "announced_module_openings" (
	"learner_id" text NOT NULL,
	"course_id" text NOT NULL,
	"module_id" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "announced_module_openings_learner_id_course_id_module_id_pk" PRIMARY KEY("learner_id","course_id","module_id")
);
--> statement-breakpoint
ALTER TABLE "announced_module_openings" ADD CONSTRAINT "announced_module_openings_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;