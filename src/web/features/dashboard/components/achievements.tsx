import { Award, BookOpenCheck, Feather, Layers, Lock } from 'lucide-react';
import type { Achievement } from '../../../../shared/api/dashboard.ts';
import { formatDate } from '../../../../shared/rules/dates.ts';
import { Panel } from '../../../components/ui/panel.tsx';

const icons: Record<Achievement['id'], typeof Award> = {
  'first-reflection': Feather,
  'first-lesson': BookOpenCheck,
  'first-module': Layers,
  'first-course': Award,
};

/** Milestones earned from the learner's real progress. */
export function Achievements({ achievements }: { achievements: Achievement[] }) {
  return (
    <Panel title="Achievements">
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {achievements.map((achievement) => {
          const Icon = achievement.earnedAt ? icons[achievement.id] : Lock;
          return (
            <li
              key={achievement.id}
              className={`flex items-start gap-3 rounded-lg border p-3 ${achievement.earnedAt ? 'border-flame-500/40 bg-flame-50' : 'border-ink-600/20'}`}
            >
              <Icon
                className={`mt-0.5 h-6 w-6 shrink-0 ${achievement.earnedAt ? 'text-flame-700' : 'text-ink-600'}`}
                aria-hidden="true"
              />
              <div>
                <p className="font-semibold text-ink-900">{achievement.title}</p>
                <p className="text-sm text-ink-700">{achievement.description}</p>
                <p className="mt-1 text-xs text-ink-700">
                  {achievement.earnedAt
                    ? `Earned ${formatDate(achievement.earnedAt)}`
                    : 'Not yet earned'}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
