import { useQueryClient } from '@tanstack/react-query';
import { Sparkles, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { notify } from '../../../lib/notify.ts';
import type { CompanionSettings } from '../../../../shared/api/companion.ts';
import { Tab, TabList, TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { patternsIdentifiedMessage, typingSpeeds } from '../../../../shared/rules/companion.ts';
import { useCompanionSettings } from '../api/companion-settings.ts';
import { conversationQueryKey } from '../api/get-conversation.ts';
import { usePatterns } from '../api/get-patterns.ts';
import { AiNotice, useAiNoticeDeferral } from './ai-notice.tsx';
import { ChatTab } from './chat-tab.tsx';
import { PatternsTab } from './patterns-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';

export interface CompanionPanelProps {
  courseId: string;
  moduleId: string;
  lessonId: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Changes each time the learner saves a reflection or completes the lesson. */
  learningEventCount: number;
}

/** Where the learner's words go, said plainly. */
function privacyNote({ mode, aiNotice }: CompanionSettings): string {
  switch (mode) {
    case 'ai': {
      const service = aiNotice ? `${aiNotice.provider} (${aiNotice.model})` : 'the AI service';
      return `AI mode: what you write here and in your reflections, and this lesson, is sent to ${service} to write replies. You can withdraw your consent in Settings.`;
    }
    case 'awaiting-consent':
      return 'Built-in guidance: nothing you write leaves our server until you accept the AI notice.';
    case 'fallback':
      return 'Built-in guidance: the AI service is not available, so nothing you write leaves our server.';
    case 'off':
      return 'The AI service is switched off: nothing you write leaves our server; replies come from built-in guidance.';
    case 'switched-off':
      return 'AI guidance is switched off for this site: nothing you write leaves our server; replies come from built-in guidance.';
    case 'unavailable':
      return 'The AI service is unavailable for now: replies come from built-in guidance until it is back.';
  }
}

/** The AI companion side panel (spec 2 §2): Chat, Patterns, Settings; collapsible. */
export function CompanionPanel(props: CompanionPanelProps) {
  const { courseId, moduleId, lessonId, isOpen, onOpenChange, learningEventCount } = props;
  const queryClient = useQueryClient();
  const settings = useCompanionSettings();
  const patterns = usePatterns(courseId);
  const mode = settings.data?.mode;
  const aiNotice = settings.data?.aiNotice;
  const deferral = useAiNoticeDeferral();

  useEffect(() => {
    if (learningEventCount === 0) return;
    void queryClient.invalidateQueries({ queryKey: conversationQueryKey(courseId) });
    void queryClient.invalidateQueries({ queryKey: ['companion', 'patterns', courseId] });
  }, [learningEventCount, courseId, queryClient]);

  const knownPatternIds = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!patterns.data) return;
    const ids = patterns.data.patterns.map((pattern) => pattern.id);
    const known = knownPatternIds.current;
    knownPatternIds.current = new Set(ids);
    if (!known) return;
    const identified = ids.filter((id) => !known.has(id)).length;
    if (identified > 0) notify.site.success(patternsIdentifiedMessage(identified));
  }, [patterns.data]);

  // Closed, the lesson page's help bar offers the opener: nothing floats over the lesson.
  if (!isOpen) return null;

  return (
    <aside
      aria-label="AI companion"
      className="fixed inset-y-0 right-0 z-40 flex w-full flex-col border-l border-ink-600/20 bg-white shadow-xl sm:w-[28rem] xl:w-[32rem]"
    >
      <div className="flex items-center justify-between gap-2 border-b border-ink-600/20 px-4 py-3">
        <h2 className="inline-flex items-center gap-2 font-display text-lg font-bold text-ink-900">
          <Sparkles className="h-5 w-5 text-flame-600" aria-hidden="true" />
          AI Companion
        </h2>
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          aria-label="Close AI companion"
          className="rounded-lg p-2 text-ink-800 hover:bg-ink-700/5"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
      {settings.data && (
        <p
          role="note"
          className="border-b border-ink-600/20 bg-flame-50 px-4 py-2 text-xs text-ink-800"
        >
          {privacyNote(settings.data)}
          {mode === 'awaiting-consent' && deferral.isDeferred && (
            <>
              {' '}
              <button
                type="button"
                onClick={deferral.undo}
                className="font-semibold text-flame-700 underline"
              >
                Read the AI notice
              </button>
            </>
          )}
        </p>
      )}
      {mode === 'awaiting-consent' && aiNotice && !deferral.isDeferred && (
        <div className="border-b border-ink-600/20 p-3">
          <AiNotice notice={aiNotice} onNotNow={deferral.defer} />
        </div>
      )}
      <Tabs defaultValue="chat" className="flex min-h-0 flex-1 flex-col">
        <TabList aria-label="AI companion" className="flex border-b border-ink-600/20">
          <Tab value="chat" look="strip">
            Chat
          </Tab>
          <Tab value="patterns" look="strip">
            Patterns
          </Tab>
          <Tab value="settings" look="strip">
            Settings
          </Tab>
        </TabList>
        <TabPanel
          value="chat"
          className="flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden"
          forceMount
        >
          <ChatTab
            courseId={courseId}
            lesson={{ moduleId, lessonId }}
            msPerCharacter={typingSpeeds[settings.data?.typingSpeed ?? 'medium']}
          />
        </TabPanel>
        <TabPanel value="patterns" className="flex min-h-0 flex-1 flex-col">
          <PatternsTab courseId={courseId} />
        </TabPanel>
        <TabPanel value="settings" className="flex min-h-0 flex-1 flex-col">
          {settings.data && <SettingsTab settings={settings.data} />}
        </TabPanel>
      </Tabs>
    </aside>
  );
}
