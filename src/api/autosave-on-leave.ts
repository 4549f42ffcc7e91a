import type { AutosaveInput } from '../../contract/assessment.ts'
import { API_PREFIX, api } from './client.ts'
import { getToken } from './session.ts'

/**
 * The answers of a sitting whose page is going away (`pagehide`: a reload or a closed tab) with a save still
 * pending: a raw `fetch` with `keepalive`, which the browser finishes after the page is gone, for the reasons
 * given in heartbeat-on-leave.ts. Fire and forget: nobody is left to show a failure.
 */
export function saveAnswersOnLeave(sittingId: string, answers: AutosaveInput['answers']) {
  const token = getToken()
  if (!token) return
  const path = api['mcq-attempts'].sittings[':sittingId'].answers.$path({ param: { sittingId } })
  fetch(`${API_PREFIX}${path}`, {
    method: 'PUT',
    keepalive: true,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ answers }),
  }).catch(() => {})
}
