import * as Tabs from '@radix-ui/react-tabs';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { betaMessages } from '../../../../shared/rules/beta.ts';
import { Button } from '../../../components/ui/button.tsx';
import { tabClass } from './beta-access-manager.tsx';
import { BetaStatistics } from './beta-statistics.tsx';
import { GenerateCodes } from './generate-codes.tsx';
import { ManageUsers } from './manage-users.tsx';

/** Admins only (the server checks the role on every call): codes, users and statistics. */
export function BetaAdminPanel() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['beta'] });
    toast.success(betaMessages.refreshed);
  };
  return (
    <Tabs.Root defaultValue="codes">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Tabs.List aria-label="Admin Panel" className="flex flex-wrap gap-2">
          <Tabs.Trigger value="codes" className={tabClass}>
            Generate Codes
          </Tabs.Trigger>
          <Tabs.Trigger value="users" className={tabClass}>
            Manage Users
          </Tabs.Trigger>
          <Tabs.Trigger value="stats" className={tabClass}>
            Statistics
          </Tabs.Trigger>
        </Tabs.List>
        <Button variant="secondary" onClick={() => void refresh()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          Refresh
        </Button>
      </div>
      <Tabs.Content value="codes" className="mt-4">
        <GenerateCodes />
      </Tabs.Content>
      <Tabs.Content value="users" className="mt-4">
        <ManageUsers />
      </Tabs.Content>
      <Tabs.Content value="stats" className="mt-4">
        <BetaStatistics />
      </Tabs.Content>
    </Tabs.Root>
  );
}
