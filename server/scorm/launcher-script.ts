/**
 * The launcher's script (served as /runtime/launcher.js on the content origin, after scorm-again, at the end of the launcher's body: it reaches the frame and the status line): it reads the
 * launch token from its own path, fetches the SCO's run-time data from the API with it, starts scorm-again's
 * SCORM 1.2 or 2004 API where the SCO looks for it (window.API, window.API_1484_11) with the saved data, commits
 * to the API with the same token, and opens the SCO in its frame. It tells the embedding viewer (by postMessage, to
 * the app's origin only) when a commit changed the SCO's progress, so the outline updates.
 */
export const LAUNCHER_SCRIPT = `(function () {
  'use strict'
  var script = document.currentScript
  var api = script.getAttribute('data-api')
  var appOrigin = script.getAttribute('data-app-origin')
  var token = location.pathname.split('/')[2]
  var headers = { Authorization: 'Bearer ' + token }
  var frame = document.getElementById('sco')
  var status = document.getElementById('status')
  function fail(message) {
    status.textContent = message
    status.hidden = false
    frame.hidden = true
  }
  function tell(progress) {
    if (window.parent !== window && appOrigin) window.parent.postMessage({ type: 'learnpack:scorm-commit', progress: progress }, appOrigin)
  }
  fetch(api, { headers: headers })
    .then(function (res) {
      return res.json().then(function (body) {
        if (!res.ok) throw new Error(body && body.message ? body.message : 'The package could not be opened.')
        return body.data
      })
    })
    .then(function (state) {
      var settings = {
        autocommit: true,
        autocommitSeconds: 30,
        lmsCommitUrl: api,
        dataCommitFormat: 'flattened',
        commitRequestDataType: 'application/json;charset=UTF-8',
        useAsynchronousCommits: true,
        asyncModeBeaconBehavior: 'never',
        xhrHeaders: headers,
        fetchMode: 'cors',
        logLevel: 5,
        responseHandler: function (response) {
          return response.json().then(
            function (body) {
              if (response.ok && body && body.data) tell(body.data)
              return response.ok ? { result: 'true', errorCode: 0 } : { result: 'false', errorCode: 101 }
            },
            function () {
              return { result: 'false', errorCode: 101 }
            },
          )
        },
      }
      var runtime = state.version === '1.2' ? new window.Scorm12API(settings) : new window.Scorm2004API(settings)
      runtime.loadFromJSON(state.cmi, 'cmi')
      if (state.version === '1.2') window.API = runtime
      else window.API_1484_11 = runtime
      document.title = state.sco.title
      frame.title = state.sco.title
      frame.src = location.pathname.replace(/\\/launch$/, '/files/') + state.sco.href
    })
    .catch(function (err) {
      fail(err && err.message ? err.message : 'The package could not be opened.')
    })
})()
`
