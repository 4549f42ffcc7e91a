import { CLIP } from './clips.ts'
import { buildZip, type ZipEntry } from './zip.ts'

/**
 * SCORM packages built here, never downloaded: a 1.2 single-SCO package, a 2004 4th-edition one, a multi-SCO one,
 * a hostile one that tries to reach the app, and broken ones for each refusal. The SCOs are small pages whose
 * script shows what the runtime started them with (entry, suspend_data, location) and, on "Finish lesson", sets
 * a score, completion, a location and suspend_data and suspends. The single-SCO packages' lesson also plays a
 * video of the package (lesson/media/clip.mp4, the 3-second test clip), which the browser fetches with Range.
 */

export type Edition = '1.2' | '2004-4' | '2004-3'

const SCHEMA_VERSION: Record<Edition, string> = { '1.2': '1.2', '2004-3': '2004 3rd Edition', '2004-4': '2004 4th Edition' }

export interface ScoSpec {
  identifier: string
  title: string
  href: string
}

export function manifest(options: {
  edition: Edition | string
  title: string
  scos: ScoSpec[]
  /** Leave the launch file's resource without an href (an item that launches nothing). */
}): string {
  const version = SCHEMA_VERSION[options.edition as Edition] ?? options.edition
  const is12 = options.edition === '1.2'
  const scormType = is12 ? 'adlcp:scormtype' : 'adlcp:scormType'
  const ns = is12 ? 'http://www.adlnet.org/xsd/adlcp_rootv1p2' : 'http://www.adlnet.org/xsd/adlcp_v1p3'
  const items = options.scos
    .map((s) => `      <item identifier="${s.identifier}" identifierref="RES-${s.identifier}"><title>${s.title}</title></item>`)
    .join('\n')
  const resources = options.scos
    .map(
      (s) =>
        `    <resource identifier="RES-${s.identifier}" type="webcontent" ${scormType}="sco" href="${s.href}"><file href="${s.href}"/></resource>`,
    )
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.learnpack.test" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="${ns}">
  <metadata><schema>ADL SCORM</schema><schemaversion>${version}</schemaversion></metadata>
  <organizations default="ORG">
    <organization identifier="ORG">
      <title>${options.title}</title>
${items}
    </organization>
  </organizations>
  <resources>
${resources}
  </resources>
</manifest>`
}

/** A SCO page: shows what it started with, and finishes the lesson (score, completion, suspend) on a button. */
export function scoPage(edition: Edition, title: string, video?: string): string {
  const is12 = edition === '1.2'
  const names = is12
    ? {
        api: 'API',
        init: 'LMSInitialize',
        get: 'LMSGetValue',
        set: 'LMSSetValue',
        commit: 'LMSCommit',
        finish: 'LMSFinish',
        entry: 'cmi.core.entry',
        location: 'cmi.core.lesson_location',
        learner: 'cmi.core.student_name',
        exit: 'cmi.core.exit',
      }
    : {
        api: 'API_1484_11',
        init: 'Initialize',
        get: 'GetValue',
        set: 'SetValue',
        commit: 'Commit',
        finish: 'Terminate',
        entry: 'cmi.entry',
        location: 'cmi.location',
        learner: 'cmi.learner_name',
        exit: 'cmi.exit',
      }
  const finish = is12
    ? `api.LMSSetValue('cmi.core.score.raw', '80'); api.LMSSetValue('cmi.core.score.min', '0'); api.LMSSetValue('cmi.core.score.max', '100'); api.LMSSetValue('cmi.core.lesson_status', 'completed')`
    : `api.SetValue('cmi.score.scaled', '0.8'); api.SetValue('cmi.score.raw', '80'); api.SetValue('cmi.score.min', '0'); api.SetValue('cmi.score.max', '100'); api.SetValue('cmi.completion_status', 'completed'); api.SetValue('cmi.success_status', 'passed')`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body>
<main>
<h1>${title}</h1>
<p>Learner: <span id="learner"></span></p>
<p>Entry: <span id="entry"></span></p>
<p>Suspend data: <span id="suspend"></span></p>
<p>Location: <span id="location"></span></p>
${video ? `<video id="clip" src="${video}" controls muted preload="auto" width="320" aria-label="Lesson clip"></video>` : ''}
<button type="button" id="finish">Finish lesson</button>
<p id="done" hidden>Lesson finished</p>
</main>
<script>
  function findApi(win) {
    for (var i = 0; win && i < 10; i++) { if (win.${names.api}) return win.${names.api}; if (win.parent === win) break; win = win.parent }
    return null
  }
  var api = findApi(window)
  api.${names.init}('')
  document.getElementById('learner').textContent = api.${names.get}('${names.learner}')
  document.getElementById('entry').textContent = api.${names.get}('${names.entry}')
  document.getElementById('suspend').textContent = api.${names.get}('cmi.suspend_data')
  document.getElementById('location').textContent = api.${names.get}('${names.location}')
  document.getElementById('finish').addEventListener('click', function () {
    ${finish}
    api.${names.set}('${names.location}', 'page-3')
    api.${names.set}('cmi.suspend_data', 'page=3;answers=A,C')
    api.${names.set}('${names.exit}', 'suspend')
    api.${names.commit}('')
    api.${names.finish}('')
    document.getElementById('done').hidden = false
  })
</script>
</body></html>`
}

const file = (name: string, content: string): ZipEntry => ({ name, content: Buffer.from(content) })

export function singleScoPackage(
  edition: Edition,
  title = edition === '1.2' ? 'Safety basics (SCORM 1.2)' : 'Safety basics (SCORM 2004)',
): Buffer {
  return buildZip([
    file('imsmanifest.xml', manifest({ edition, title, scos: [{ identifier: 'SCO-1', title: 'Lesson one', href: 'lesson/index.html' }] })),
    file('lesson/index.html', scoPage(edition, 'Lesson one', 'media/clip.mp4')),
    file('lesson/notes.txt', 'Notes of lesson one'),
    { name: 'lesson/media/clip.mp4', content: CLIP },
  ])
}

export function multiScoPackage(edition: Edition = '2004-4'): Buffer {
  const scos = [1, 2, 3].map((n) => ({ identifier: `SCO-${n}`, title: `Part ${n}`, href: `part${n}/index.html` }))
  return buildZip([
    file('imsmanifest.xml', manifest({ edition, title: 'Three parts', scos })),
    ...scos.map((s) => file(s.href, scoPage(edition, s.title))),
  ])
}

/**
 * A SCO that tries what a hostile package would: read the app's stored session (its own storage, the top window's),
 * call API routes (on its own origin, on the app's origin with and without the launch token it can see), and
 * reports what it got into suspend_data through the SCORM API, and on its page.
 */
export function hostilePackage(appOrigin: string): Buffer {
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Hostile</title></head>
<body><main><h1>Hostile</h1><pre id="report">running</pre></main>
<script>
  var report = {}
  function tryIt(name, fn) { try { report[name] = String(fn()) } catch (e) { report[name] = 'blocked: ' + e.name } }
  tryIt('ownLocalStorage', function () { return JSON.stringify(Object.keys(localStorage)) + ':' + localStorage.getItem('token') })
  tryIt('ownSessionStorage', function () { return JSON.stringify(Object.keys(sessionStorage)) })
  tryIt('topLocalStorage', function () { return window.top.localStorage.getItem('token') })
  tryIt('topSessionStorage', function () { return JSON.stringify(Object.keys(window.top.sessionStorage)) })
  tryIt('topLocation', function () { return window.top.location.href })
  tryIt('cookies', function () { return document.cookie })
  var launchToken = window.parent.location.pathname.split('/')[2]
  function call(name, url, init) {
    return fetch(url, init).then(function (r) { return r.text().then(function (t) { report[name] = r.status + ' ' + t.slice(0, 80) }) },
      function (e) { report[name] = 'failed: ' + e.name })
  }
  Promise.all([
    call('sameOriginApi', '/api/user/getUserByEmail'),
    call('appApi', '${appOrigin}/api/user/getUserByEmail', { credentials: 'include' }),
    call('appApiWithLaunchToken', '${appOrigin}/api/user/getUserByEmail', { headers: { Authorization: 'Bearer ' + launchToken } }),
    call('appPackagesWithLaunchToken', '${appOrigin}/api/packages/getAllPackage', { headers: { Authorization: 'Bearer ' + launchToken } }),
  ]).then(function () {
    var api = window.parent.API
    api.LMSInitialize('')
    api.LMSSetValue('cmi.suspend_data', JSON.stringify(report).slice(0, 4000))
    api.LMSSetValue('cmi.core.exit', 'suspend')
    api.LMSCommit('')
    document.getElementById('report').textContent = JSON.stringify(report, null, 1)
  })
</script></body></html>`
  return buildZip([
    file(
      'imsmanifest.xml',
      manifest({ edition: '1.2', title: 'Hostile package', scos: [{ identifier: 'EVIL', title: 'Hostile', href: 'index.html' }] }),
    ),
    file('index.html', page),
  ])
}

/** Packages each refusal is tested with. */
export const brokenPackages = {
  noManifest: () =>
    buildZip([file('index.html', '<p>hi</p>'), file('course/imsmanifest.xml', manifest({ edition: '1.2', title: 'T', scos: [] }))]),
  wrongVersion: () =>
    buildZip([
      file('imsmanifest.xml', manifest({ edition: 'CAM 9.9', title: 'T', scos: [{ identifier: 'A', title: 'A', href: 'a.html' }] })),
      file('a.html', '<p>a</p>'),
    ]),
  missingLaunchFile: () =>
    buildZip([
      file('imsmanifest.xml', manifest({ edition: '1.2', title: 'T', scos: [{ identifier: 'A', title: 'Lesson A', href: 'gone.html' }] })),
    ]),
  escapingEntry: (name: string) =>
    buildZip([
      file('imsmanifest.xml', manifest({ edition: '1.2', title: 'T', scos: [{ identifier: 'A', title: 'A', href: 'a.html' }] })),
      file('a.html', '<p>a</p>'),
      file(name, 'escaped'),
    ]),
  /** Its directory declares more than the expanded-size limit. */
  declaresTooMuch: () => {
    const zip = buildZip([
      file('imsmanifest.xml', manifest({ edition: '1.2', title: 'T', scos: [{ identifier: 'A', title: 'A', href: 'a.html' }] })),
      file('a.html', '<p>a</p>'),
      file('big1.bin', 'x'),
      file('big2.bin', 'x'),
    ])
    return declareSizes(zip, ['big1.bin', 'big2.bin'], 0xfffffff0)
  },
  /** An entry that inflates to far more than it declares. */
  liesAboutItsSize: () => {
    const zip = buildZip([
      file('imsmanifest.xml', manifest({ edition: '1.2', title: 'T', scos: [{ identifier: 'A', title: 'A', href: 'a.html' }] })),
      file('a.html', '<p>a</p>'),
      { name: 'bomb.bin', content: Buffer.alloc(1024 * 1024) },
    ])
    return declareSizes(zip, ['bomb.bin'], 10)
  },
  tooManyEntries: (count: number) =>
    buildZip([
      file('imsmanifest.xml', manifest({ edition: '1.2', title: 'T', scos: [{ identifier: 'A', title: 'A', href: 'a.html' }] })),
      file('a.html', '<p>a</p>'),
      ...Array.from({ length: count }, (_, i) => ({ name: `f/${i}.txt`, content: Buffer.from('x'), stored: true })),
    ]),
  notAZip: () => Buffer.from('%PDF-1.4 not a zip'),
}

/** Rewrites the expanded size the local header and central directory declare for the named entries. */
function declareSizes(zip: Buffer, names: string[], size: number): Buffer {
  const out = Buffer.from(zip)
  for (let at = 0; at < out.length - 4; at++) {
    const signature = out.readUInt32LE(at)
    if (signature !== 0x04034b50 && signature !== 0x02014b50) continue
    const central = signature === 0x02014b50
    const nameLength = out.readUInt16LE(at + (central ? 28 : 26))
    const name = out.subarray(at + (central ? 46 : 30), at + (central ? 46 : 30) + nameLength).toString()
    if (names.includes(name)) out.writeUInt32LE(size, at + (central ? 24 : 22))
  }
  return out
}
