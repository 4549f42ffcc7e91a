import type { HeartbeatInput } from '../../contract/progress.ts'
import { API_PREFIX, api } from './client.ts'
import { getToken } from './session.ts'

/**
 * The last heartbeat of a page that is going away (`pagehide`): a raw `fetch` with `keepalive`, which the browser
 * finishes after the page is gone. Not through the typed client: the wrapper awaits its hooks before it calls fetch, so the
 * request may not have started when a hidden page is frozen or unloaded, and nobody is left to read its answer.
 * `navigator.sendBeacon` cannot carry the bearer token. Fire and forget: a failure here cannot be retried.
 */
export function sendHeartbeatOnLeave(videoId: number, heartbeat: HeartbeatInput) {
  const token = getToken()
  if (!token) return
  const path = api.progress.videos[':videoId'].$path({ param: { videoId: String(videoId) } })
  fetch(`${API_PREFIX}${path}`, {
    method: 'PUT',
    keepalive: true,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(heartbeat),
  }).catch(() => {})
}
