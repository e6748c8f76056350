import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { FRESH_SECOND_FACTOR_MINUTES, SECOND_FACTOR_NEEDED } from '../../shared/rules/admin.ts';
import { ApiError, apiRequest } from './api-client.ts';

// Only admins meet it: its code loads when it is first asked for, not with a public page.
const AuthenticatorCodeDialog = lazy(async () => ({
  default: (await import('../components/ui/authenticator-code-dialog.tsx')).AuthenticatorCodeDialog,
}));

type WithFreshSecondFactor = <T>(action: () => Promise<T>) => Promise<T>;

const FreshSecondFactorContext = createContext<WithFreshSecondFactor>((action) => action());

interface Waiting {
  confirmed: () => void;
  cancelled: () => void;
}

/**
 * Sensitive admin actions answer 403 `second_factor_needed` without an authenticator code
 * confirmed in the last minutes (T4-L6). Wrapped in `useFreshSecondFactor()`'s function, such an
 * action asks for the code in one dialog, then runs again; cancelling gives back the refusal.
 */
export function FreshSecondFactorProvider({ children }: { children: ReactNode }) {
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const focusedBefore = useRef<HTMLElement | null>(null);

  const withFreshSecondFactor = useCallback<WithFreshSecondFactor>(async (action) => {
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== SECOND_FACTOR_NEEDED) throw error;
      focusedBefore.current = document.activeElement as HTMLElement | null;
      await new Promise<void>((resolve, reject) =>
        setWaiting({ confirmed: resolve, cancelled: () => reject(error) }),
      );
      return action();
    }
  }, []);

  const confirm = async (code: string) => {
    await apiRequest('/api/admin/second-factor', { body: { code } });
    waiting?.confirmed();
    setWaiting(null);
  };

  return (
    <FreshSecondFactorContext.Provider value={withFreshSecondFactor}>
      {children}
      {waiting && (
        <Suspense>
          <AuthenticatorCodeDialog
            title="Confirm it is you"
            description={`This action asks for a code from your authenticator app, once every ${FRESH_SECOND_FACTOR_MINUTES} minutes.`}
            submitLabel="Confirm and continue"
            open
            onOpenChange={(isOpen) => {
              if (isOpen) return;
              waiting.cancelled();
              setWaiting(null);
            }}
            onSubmit={confirm}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              if (focusedBefore.current?.isConnected) focusedBefore.current.focus();
            }}
          />
        </Suspense>
      )}
    </FreshSecondFactorContext.Provider>
  );
}

/** Runs an admin action, asking for a fresh authenticator code first when the server wants one. */
export function useFreshSecondFactor(): WithFreshSecondFactor {
  return useContext(FreshSecondFactorContext);
}
