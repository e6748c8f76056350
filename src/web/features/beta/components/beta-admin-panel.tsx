import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { notify } from '../../../lib/notify.ts';
import { betaMessages } from '../../../../shared/rules/beta.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { BetaStatistics } from './beta-statistics.tsx';
import { GenerateCodes } from './generate-codes.tsx';
import { ManageUsers } from './manage-users.tsx';

/** Admins only (the server checks the role on every call): codes, users and statistics. */
export function BetaAdminPanel() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['beta'] });
    notify.site.success(betaMessages.refreshed);
  };
  return (
    <Tabs defaultValue="codes">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <TabList aria-label="Admin Panel">
          <Tab value="codes">Generate Codes</Tab>
          <Tab value="users">Manage Users</Tab>
          <Tab value="stats">Statistics</Tab>
        </TabList>
        <Button variant="secondary" onClick={() => void refresh()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          Refresh
        </Button>
      </div>
      <TabPanel value="codes" className="mt-4">
        <GenerateCodes />
      </TabPanel>
      <TabPanel value="users" className="mt-4">
        <ManageUsers />
      </TabPanel>
      <TabPanel value="stats" className="mt-4">
        <BetaStatistics />
      </TabPanel>
    </Tabs>
  );
}
