/** Reads a chosen video file in the browser: its length, and a still of one moment as an image file. */

/** Resolves on `event`, rejects when the element reports a media error first. */
function once(element: HTMLMediaElement, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      element.removeEventListener('error', failed)
      resolve()
    }
    const failed = () => {
      element.removeEventListener(event, done)
      reject(new Error('This browser cannot read the video'))
    }
    element.addEventListener(event, done, { once: true })
    element.addEventListener('error', failed, { once: true })
  })
}

/** Runs `use` on a muted, unattached <video> playing the file, then lets the file's object URL go. */
async function withVideo<T>(file: File, use: (video: HTMLVideoElement) => Promise<T>): Promise<T> {
  const url = URL.createObjectURL(file)
  const video = document.createElement('video')
  video.muted = true
  video.preload = 'auto'
  try {
    const loaded = once(video, 'loadedmetadata')
    video.src = url
    await loaded
    return await use(video)
  } finally {
    video.removeAttribute('src')
    URL.revokeObjectURL(url)
  }
}

/** The video's length in seconds. */
export const videoDuration = (file: File): Promise<number> => withVideo(file, async (video) => video.duration)

/** The frame at `seconds` (kept within the video) drawn to a canvas, as a PNG named after the video. */
export function videoFrame(file: File, seconds: number): Promise<File> {
  return withVideo(file, async (video) => {
    const seeked = once(video, 'seeked')
    video.currentTime = Math.min(Math.max(0, seconds), Number.isFinite(video.duration) ? video.duration : 0)
    await seeked
    const canvas = document.createElement('canvas')
    canvas.width = video.videoWidth || 640
    canvas.height = video.videoHeight || 360
    const context = canvas.getContext('2d')
    if (!context) throw new Error('This browser cannot draw the frame')
    context.drawImage(video, 0, 0, canvas.width, canvas.height)
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
    if (!blob) throw new Error('This browser cannot draw the frame')
    const name = `${file.name.replace(/\.[^.]+$/, '') || 'video'}-frame.png`
    return new File([blob], name, { type: 'image/png' })
  })
}
