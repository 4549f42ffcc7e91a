import { createFileRoute, redirect } from '@tanstack/react-router'
import { idParams } from '../../../../lib/route-schemas.ts'

/** The correctly spelled address of MCQ Results goes to the product's one (`/mcq-test/resutls/{id}`). */
export const Route = createFileRoute('/_shell/mcq-test/results/$skillId')({
  params: idParams('skillId'),
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/mcq-test/resutls/$skillId', params: { skillId: params.skillId }, replace: true })
  },
})
