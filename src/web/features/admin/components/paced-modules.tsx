import type { AdminUser, PacedModule } from '../../../../shared/api/admin.ts';
import { formatAdminDate } from '../../../../shared/rules/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { PendingAction } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { useOpenModuleEarly, useWithdrawEarlyOpening } from '../api/change-user-access.ts';

/**
 * Paced release: the learner's paced modules, when each opens, "Open early" for one, and
 * "Withdraw early opening" for one opened early.
 */
export function PacedModules({
  user,
  modules,
  onConfirm,
}: {
  user: AdminUser;
  modules: readonly PacedModule[];
  onConfirm: (action: PendingAction) => void;
}) {
  const openEarly = useOpenModuleEarly();
  const withdraw = useWithdrawEarlyOpening();
  if (modules.length === 0) return null;
  return (
    <section aria-labelledby="user-paced-modules">
      <h3 id="user-paced-modules" className="mb-3 font-display text-lg font-bold">
        Paced modules
      </h3>
      <ul className="space-y-2">
        {modules.map((module) => (
          <li
            key={`${module.courseId}/${module.moduleId}`}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-ink-600/20 bg-white px-3 py-2"
          >
            <span>
              <span className="font-semibold">{module.moduleTitle}</span> ({module.courseTitle}):{' '}
              {module.openedEarlyAt
                ? `opened early ${formatAdminDate(module.openedEarlyAt)}`
                : module.isOpen
                  ? `open since ${formatAdminDate(module.opensAt)}`
                  : `opens ${formatAdminDate(module.opensAt)}`}
            </span>
            {!module.isOpen && (
              <Button
                variant="secondary"
                className="px-3 py-1.5 text-sm"
                aria-label={`Open ${module.moduleTitle} early for ${user.email}`}
                onClick={() =>
                  onConfirm({
                    description: `Open ${module.moduleTitle} of ${module.courseTitle} for ${user.email} now? It is recorded in the access history.`,
                    run: () =>
                      openEarly.mutate(
                        { userId: user.id, courseId: module.courseId, moduleId: module.moduleId },
                        {
                          onSuccess: () =>
                            notify.area.success(`${module.moduleTitle} is open for ${user.email}.`),
                          onError: (error) =>
                            notify.area.failure('The module could not be opened early.', error),
                        },
                      ),
                  })
                }
              >
                Open early
              </Button>
            )}
            {module.openedEarlyAt && (
              <Button
                variant="secondary"
                className="px-3 py-1.5 text-sm"
                aria-label={`Withdraw the early opening of ${module.moduleTitle} for ${user.email}`}
                onClick={() =>
                  onConfirm({
                    description: `Withdraw the early opening of ${module.moduleTitle} of ${module.courseTitle} for ${user.email}? It opens on its own date again; completed lessons stay completed. It is recorded in the access history.`,
                    run: () =>
                      withdraw.mutate(
                        { userId: user.id, courseId: module.courseId, moduleId: module.moduleId },
                        {
                          onSuccess: () =>
                            notify.area.success(
                              `The early opening of ${module.moduleTitle} is withdrawn for ${user.email}.`,
                            ),
                          onError: (error) =>
                            notify.area.failure('The early opening could not be withdrawn.', error),
                        },
                      ),
                  })
                }
              >
                Withdraw early opening
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
