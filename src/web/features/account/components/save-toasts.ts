import { accountMessages } from '../../../../shared/rules/account.ts';
import { notify } from '../../../lib/notify.ts';

/** The settings page's answer to every save: the spec's two toasts, or the rule that was broken. */
export const settingsSaveToasts = {
  onSuccess: () => notify.area.success(accountMessages.settingsSaved),
  onError: (error: Error) => notify.area.failure(accountMessages.saveSettingsFailed, error),
};
