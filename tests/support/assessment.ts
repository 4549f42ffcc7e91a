import { screen } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import type { Sitting, TestSettingsInput, TestSettingsView } from '../../contract/assessment.ts'
import type { AttemptResult } from '../../contract/learning.ts'
import { mcqs as mcqsTable } from '../../server/db/schema.ts'
import { renderApp } from './render.tsx'
import { recordBodies, testContext } from './server.ts'

/** Test settings and sittings, through the real API. */

/** PUT /subTopic/{id}/test-settings as an admin. */
export async function setTestSettings(adminToken: string, subTopicId: number, settings: TestSettingsInput): Promise<TestSettingsView> {
  const res = await testContext().request<TestSettingsView>('PUT', `/api/subTopic/${subTopicId}/test-settings`, {
    token: adminToken,
    body: settings,
  })
  if (res.status !== 200) throw new Error(`test settings: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data!
}

/** GET /subTopic/{id}/test-settings as whoever holds the token. */
export async function getTestSettings(token: string, subTopicId: number): Promise<TestSettingsView> {
  const res = await testContext().request<TestSettingsView>('GET', `/api/subTopic/${subTopicId}/test-settings`, { token })
  if (res.status !== 200) throw new Error(`test settings: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data!
}

/** POST /mcq-attempts/start as a learner. */
export async function startViaApi(token: string, subTopicIds: number[], mode: 'test' | 'mistakes' = 'test') {
  const res = await testContext().request<Sitting>('POST', '/api/mcq-attempts/start', { token, body: { subTopicIds, mode } })
  return res
}

/** POST /mcq-attempts/create of a sitting as a learner. */
export async function submitSittingViaApi(token: string, sittingId: string, answers?: Record<string, string[]>): Promise<AttemptResult> {
  const res = await testContext().request<AttemptResult>('POST', '/api/mcq-attempts/create', {
    token,
    body: { sittingId, ...(answers ? { answers } : {}) },
  })
  if (res.status !== 201 && res.status !== 200) throw new Error(`submit: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data!
}

/** Gives a question an explanation, straight into the database. */
export async function explain(mcqId: number, explanation: string) {
  await testContext().deps.db.update(mcqsTable).set({ explanation }).where(eq(mcqsTable.id, mcqId))
}

/** The bodies of the autosaves (PUT …/sittings/{id}/answers) the SPA sent. */
export const recordAutosaves = () =>
  recordBodies<{ answers: Record<string, string[]> }>('PUT', /\/api\/mcq-attempts\/sittings\/[^/]+\/answers$/)

/** Opens a test page and presses its intro card's Start (opening the page alone starts nothing). */
export async function openTest(url: string, startLabel = 'Start test') {
  const rendered = renderApp(url)
  await rendered.user.click(await screen.findByRole('button', { name: startLabel }))
  return rendered
}
