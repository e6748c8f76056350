import { Button } from '../../../components/ui/button.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { useSession, useSignOut } from '../../../lib/session.ts';

export function DashboardRoute() {
  const { data: user } = useSession();
  const signOut = useSignOut();

  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between border-b border-ink-600/20 bg-white px-6 py-4">
        <Logo />
        <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign Out
        </Button>
      </header>
      <main className="mx-auto max-w-4xl px-6 py-10">
        <h1 className="font-display text-3xl font-bold">Welcome, {user?.firstName || 'Seeker'}</h1>
        <p className="mt-2 text-ink-700">Your journey continues here.</p>
      </main>
    </div>
  );
}
