import { preloadTags, routeOf } from './spa-preload.ts'

const preloads = {
  '/topics/$id': ['/assets/app.js', '/assets/viewer.js'],
  '/user/detail': ['/assets/detail.js'],
  '/user/$id': ['/assets/user.js'],
}

describe('routeOf', () => {
  it('matches a path segment by segment, a $param taking any one segment', () => {
    expect(routeOf(preloads, '/topics/3')).toBe('/topics/$id')
    expect(routeOf(preloads, '/topics/3/')).toBe('/topics/$id')
    expect(routeOf(preloads, '/topics')).toBeUndefined()
    expect(routeOf(preloads, '/topics/3/x')).toBeUndefined()
    expect(routeOf(preloads, '/')).toBeUndefined()
  })

  it("gives '/' its own list when the build wrote one (the landing panel's chunk)", () => {
    expect(routeOf({ ...preloads, '/': ['/assets/landing.js'] }, '/')).toBe('/')
    expect(routeOf({ ...preloads, '/': ['/assets/landing.js'] }, '/topics/3')).toBe('/topics/$id')
  })

  it('prefers the route with fewer params', () => {
    expect(routeOf(preloads, '/user/detail')).toBe('/user/detail')
    expect(routeOf(preloads, '/user/7')).toBe('/user/$id')
  })
})

describe('preloadTags', () => {
  it('writes modulepreload links with crossorigin with crossorigin, as Vite does', () => {
    expect(preloadTags(preloads['/topics/$id'])).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/app.js">' + '<link rel="modulepreload" crossorigin href="/assets/viewer.js">',
    )
  })
})
