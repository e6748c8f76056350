import type { FastifyInstance } from 'fastify';
import type { CompanionSettings } from '../../shared/api/companion.ts';
import type { TestUser } from './users.ts';

/** Accepts the AI notice the settings name, as a learner does in the panel before any AI reply. */
export async function acceptAiNotice(app: FastifyInstance, user: TestUser): Promise<void> {
  const headers = { cookie: user.cookie };
  const settings = await app.inject({ method: 'GET', url: '/api/companion/settings', headers });
  const { aiNotice } = settings.json<CompanionSettings>();
  if (!aiNotice) throw new Error('no AI service is set up: there is no notice to accept');
  const { provider, model } = aiNotice;
  const accepted = await app.inject({
    method: 'PUT',
    url: '/api/companion/settings',
    headers,
    payload: { acceptedAiNotice: { provider, model } },
  });
  if (accepted.statusCode !== 200) throw new Error(`accepting failed: ${accepted.body}`);
}
