import { accountMessages } from '../../../../shared/rules/account.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { accountToast } from '../account-toast.ts';

/** The settings page's answer to every save: the spec's two toasts, or the rule that was broken. */
export const settingsSaveToasts = {
  onSuccess: () => accountToast.success(accountMessages.settingsSaved),
  onError: (error: Error) =>
    accountToast.error(
      error instanceof ApiError && error.status === 400
        ? `${accountMessages.saveSettingsFailed}: ${Object.values(error.fields ?? {})[0] ?? error.message}`
        : accountMessages.saveSettingsFailed,
    ),
};
