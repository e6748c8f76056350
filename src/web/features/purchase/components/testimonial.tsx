export function Testimonial() {
  return (
    <figure className="rounded-xl bg-white p-5 shadow">
      <blockquote className="font-display text-lg text-ink-800 italic">
        “I came for the lessons and stayed for the reflections. For the first time I can see my own
        patterns, and I lead my days instead of reacting to them.”
      </blockquote>
      <figcaption className="mt-3 text-sm font-medium text-ink-700">
        Elena R., learner of The Sovereign Flame
      </figcaption>
    </figure>
  );
}
