import { Navigate, useLocation, useNavigate } from '../../../lib/router/router.tsx';
import { paths } from '../../../lib/paths.ts';
import { toReturnPath } from '../../../../shared/rules/return-path.ts';
import { useSession } from '../../../lib/session.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import { SessionPurchaseNote } from '../components/session-purchase-note.tsx';

type Mode = 'login' | 'register';

const subtitles: Record<Mode, string> = {
  login: 'Welcome back. Continue your journey toward personal sovereignty.',
  register: 'Begin your journey toward personal sovereignty and transformation.',
};

export interface ReturnState {
  from?: string;
}

/** Where a visitor goes after signing in: the page they asked for, else the dashboard. */
export function useReturnPath(): string {
  const state = useLocation().state as ReturnState | null;
  return toReturnPath(state?.from ?? '') ?? paths.dashboard;
}

/** The one auth screen, in login or register mode. */
export function AuthRoute({ mode }: { mode: Mode }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const returnPath = useReturnPath();

  // The form shows while the session loads (the page arrives rendered); a signed-in visitor moves on.
  if (session.data) return <Navigate to={returnPath} replace />;

  const goOn = () => navigate(returnPath, { replace: true });
  const tabs: { mode: Mode; label: string; path: string }[] = [
    { mode: 'login', label: 'Sign In', path: paths.login },
    { mode: 'register', label: 'Create Account', path: paths.register },
  ];

  return (
    <AuthLayout subtitle={subtitles[mode]}>
      {returnPath === paths.bookSession && <SessionPurchaseNote />}
      <div
        role="tablist"
        aria-label="Sign in or create an account"
        className="mb-6 grid grid-cols-2 rounded-lg bg-flame-50 p-1"
      >
        {tabs.map((tab) => (
          <button
            key={tab.mode}
            type="button"
            role="tab"
            id={`auth-tab-${tab.mode}`}
            aria-selected={mode === tab.mode}
            aria-controls="auth-panel"
            onClick={() => navigate(tab.path, { state: location.state, replace: true })}
            className={`rounded-md py-2 text-sm font-semibold ${mode === tab.mode ? 'bg-white text-ink-900 shadow' : 'text-ink-700'}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="auth-panel" aria-labelledby={`auth-tab-${mode}`}>
        {mode === 'login' ? <LoginForm onSignedIn={goOn} /> : <RegisterForm />}
      </div>
    </AuthLayout>
  );
}
