import { Route as learnerHome } from '../../src/routes/_shell/user/my-dashboard.tsx'
import { Route as viewer } from '../../src/routes/_shell/topics/$id.tsx'
import { Route as test } from '../../src/routes/_shell/mcq-test/$subTopicIds.tsx'

// A loader split into the route's lazy chunk becomes a stub that imports that chunk first; one kept in the route file
// is the route's own function, and runs from the entry while the chunks download.
describe.each([
  ['learner home', learnerHome],
  ['package viewer', viewer],
  ['test screen', test],
])('the %s', (_name, route) => {
  it('keeps its loader in the route file, out of its lazy chunk', () => {
    expect(String(route.options.loader)).toContain('neededWithExtra')
  })
})
