import Markdown from 'react-markdown';

/** The lesson's markdown; raw HTML in it is never rendered. */
export function LessonContent({ markdown }: { markdown: string }) {
  return (
    <div className="text-ink-800 [&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-flame-500 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-ink-900 [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:font-display [&_h3]:text-xl [&_h3]:font-semibold [&_li]:mb-1 [&_ol]:mb-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mb-4 [&_p]:leading-relaxed [&_strong]:text-ink-900 [&_ul]:mb-4 [&_ul]:list-disc [&_ul]:pl-6">
      <Markdown skipHtml>{markdown}</Markdown>
    </div>
  );
}
