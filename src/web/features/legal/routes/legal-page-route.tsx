import Markdown from 'react-markdown';
import { Logo } from '../../../components/ui/logo.tsx';
import { useLegalPage, type LegalPage } from '../api/get-legal-page.ts';

export function LegalPageRoute({ page }: { page: LegalPage }) {
  const { data, isPending, isError } = useLegalPage(page);
  return (
    <div className="min-h-screen">
      <header className="border-b border-ink-600/20 bg-white px-6 py-4">
        <Logo />
      </header>
      <main className="prose-legal mx-auto max-w-3xl px-6 py-10">
        {isPending && <p>Loading...</p>}
        {isError && <p role="alert">This page could not be loaded. Please try again.</p>}
        {data && <Markdown>{data.markdown}</Markdown>}
      </main>
    </div>
  );
}
