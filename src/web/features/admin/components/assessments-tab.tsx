import { useState } from 'react';
import { formatAdminDate } from '../../../../shared/rules/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useAssessmentList } from '../api/list-assessments.ts';
import { AssessmentView } from './assessment-view.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Panel } from '../../../components/ui/panel.tsx';

/** Sacred assessments as visitors sent them, newest first. */
export function AssessmentsTab() {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useAssessmentList(page);
  return (
    <div className="space-y-6">
      <Panel title="Assessments">
        {list.isError && <p role="alert">The assessments could not be loaded.</p>}
        {list.data && (
          <>
            {list.data.assessments.length === 0 ? (
              <p className="mt-3 text-ink-700">No assessments yet.</p>
            ) : (
              <ul className="mt-3 divide-y divide-ink-600/10">
                {list.data.assessments.map((assessment) => (
                  <li key={assessment.id} className="flex items-center justify-between gap-3 py-2">
                    <span>
                      <span className="font-semibold">{assessment.name}</span> ({assessment.email}
                      ), {formatAdminDate(assessment.createdAt)}, readiness{' '}
                      {assessment.readinessScale}/10
                      {assessment.answeredAt ? ' · answered' : ' · waiting'}
                    </span>
                    <Button
                      variant="secondary"
                      className="px-3 py-1 text-sm"
                      aria-label={`Read ${assessment.name}'s assessment`}
                      onClick={() => setOpenId(assessment.id)}
                    >
                      Read
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <Pager
              label="Assessment pages"
              page={page}
              hasMore={page * list.data.pageSize < list.data.total}
              onPage={setPage}
            />
          </>
        )}
      </Panel>
      {openId && <AssessmentView id={openId} />}
    </div>
  );
}
