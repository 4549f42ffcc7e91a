import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { HeartbeatInput } from '../../contract/progress.ts'
import { api, download, unwrap } from '../api/client.ts'
import { certificateKeys } from './certificate-standing.ts'

/** Learning progress: heartbeats from the player, a package's progress (own or a learner's), the admin's learner table. */

export const progressKeys = {
  all: ['progress'] as const,
  packages: () => [...progressKeys.all, 'package'] as const,
  /** The signed-in user's own progress in a package. */
  package: (packageId: number) => [...progressKeys.packages(), packageId] as const,
  /** A learner's progress in a package, as an admin reads it. */
  learnerPackage: (packageId: number, userId: number) => [...progressKeys.all, 'learner', userId, packageId] as const,
  /** Every assigned learner's progress in a package (the admin's table). */
  learners: (packageId: number) => [...progressKeys.all, 'learners', packageId] as const,
}

const getPackageProgress = (packageId: number, userId?: number) =>
  unwrap(
    api.progress.packages[':packageId'].$get({
      param: { packageId: String(packageId) },
      query: userId === undefined ? {} : { userId },
    }),
  )
const getPackageLearners = (packageId: number) =>
  unwrap(api.progress.packages[':packageId'].learners.$get({ param: { packageId: String(packageId) }, query: { format: 'json' } }))
const sendHeartbeat = ({ videoId, ...json }: HeartbeatInput & { videoId: number }) =>
  unwrap(api.progress.videos[':videoId'].$put({ param: { videoId: String(videoId) }, json }))

/** The learner's own progress in a package. It only decorates the screens that show it, so a failure raises no toast. */
export const packageProgressQueryOptions = (packageId: number) =>
  queryOptions({ queryKey: progressKeys.package(packageId), queryFn: () => getPackageProgress(packageId) })

export const learnerPackageProgressQueryOptions = (packageId: number, userId: number) =>
  queryOptions({
    queryKey: progressKeys.learnerPackage(packageId, userId),
    queryFn: () => getPackageProgress(packageId, userId),
  })

export const packageLearnersQueryOptions = (packageId: number) =>
  queryOptions({
    queryKey: progressKeys.learners(packageId),
    queryFn: () => getPackageLearners(packageId),
    meta: { errorMessage: 'Failed to load learner progress' },
  })

/**
 * PUT /progress/videos/{videoId}: what the player watched since the last heartbeat. Its answer changes the
 * package's progress (the outline's figures, the resume point), never the package tree; a completed video may have
 * completed the package and so issued its certificate ("Certificate earned"). No toast on failure: the player keeps
 * the unsent ranges and sends them with the next heartbeat.
 */
export function useSendHeartbeat(packageId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendHeartbeat,
    onSuccess: (answer) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: progressKeys.package(packageId) }),
        answer.completed ? queryClient.invalidateQueries({ queryKey: certificateKeys.all }) : undefined,
      ]),
  })
}

/** GET /progress/packages/{id}/learners?format=csv, named as the server names it (else progress-{id}.csv). */
async function exportPackageLearners(packageId: number) {
  const file = await download(
    api.progress.packages[':packageId'].learners.$get({ param: { packageId: String(packageId) }, query: { format: 'csv' } }),
  )
  return { blob: file.blob, fileName: file.fileName ?? `progress-${packageId}.csv` }
}

/** The learner table as CSV (a mutation for the button's pending state; nothing cached changes). */
export function useExportPackageLearners() {
  return useMutation({
    mutationFn: exportPackageLearners,
    meta: { successMessage: 'Progress exported', errorMessage: 'Failed to export progress', errorReason: 'description' },
  })
}

/** The heartbeat of a page that is going away (`pagehide`): see src/api/heartbeat-on-leave.ts. */
export { sendHeartbeatOnLeave } from '../api/heartbeat-on-leave.ts'
