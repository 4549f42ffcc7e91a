import type { Package, SkillWithTopics, StudyMaterial, Video } from '../../contract/content.ts'
import { mp4 } from '../../server/test/clips.ts'
import { testContext } from './server.ts'

/** Small files whose first bytes pass the server's content checks (it sniffs magic bytes, never names). */
export const bytes = {
  /** A real 3-second clip padded to `size` bytes: the server reads every video's duration. */
  mp4: (size = 16 * 1024) => new Uint8Array(mp4(size)),
  png: (size = 1024) => pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], size),
  pdf: (size = 1024) => pad(ascii('%PDF-1.4\n'), size),
}

function ascii(text: string) {
  return [...text].map((c) => c.charCodeAt(0))
}

function pad(head: number[], size: number) {
  const buffer = new Uint8Array(Math.max(size, head.length))
  buffer.set(head)
  return buffer
}

export const fileOf = (data: Uint8Array | ArrayBuffer, name: string, type: string) => new File([data as BlobPart], name, { type })

export interface SeededSkill {
  token: string
  packageId: number
  skill: SkillWithTopics
  /** 'Fractions' → 'Adding fractions', 'Comparing fractions'; 'Decimals' → 'Place value'. */
  subTopics: {
    adding: SkillWithTopics['topics'][number]['subTopics'][number]
    comparing: SkillWithTopics['topics'][number]['subTopics'][number]
    placeValue: SkillWithTopics['topics'][number]['subTopics'][number]
  }
}

/**
 * One package 'Numbers' (or `title`) with skill 'Fractions skill' and its topics 'Fractions' ('Adding fractions',
 * 'Comparing fractions') and 'Decimals' ('Place value'), through the real API.
 */
export async function seedSkill(token: string, options: { title?: string } = {}): Promise<SeededSkill> {
  const ctx = testContext()
  const created = await ctx.request<Package>('POST', '/api/packages/createPackage', {
    token,
    body: {
      title: options.title ?? 'Numbers',
      description: 'Arithmetic.',
      price: '99.00',
      skills: [{ title: 'Fractions skill', description: 'Parts of a whole.', price: '49.00' }],
    },
  })
  if (created.status !== 201) throw new Error(`createPackage: ${created.status} ${JSON.stringify(created.body)}`)
  const skillId = created.body.data!.skills[0]!.id
  const saved = await ctx.request<SkillWithTopics>('PUT', `/api/topic/by-skill/${skillId}`, {
    token,
    body: {
      topics: [
        {
          title: 'Fractions',
          description: 'Numerators and denominators.',
          subTopics: [
            { title: 'Adding fractions', description: 'Find a common denominator,\nthen add the numerators.' },
            { title: 'Comparing fractions', description: 'Which is larger?' },
          ],
        },
        {
          title: 'Decimals',
          description: 'Tenths and hundredths.',
          subTopics: [{ title: 'Place value', description: 'Digits and places.' }],
        },
      ],
    },
  })
  if (saved.status !== 200) throw new Error(`save topics: ${saved.status} ${JSON.stringify(saved.body)}`)
  const skill = saved.body.data!
  const [fractions, decimals] = skill.topics
  return {
    token,
    packageId: created.body.data!.id,
    skill,
    subTopics: { adding: fractions!.subTopics[0]!, comparing: fractions!.subTopics[1]!, placeValue: decimals!.subTopics[0]! },
  }
}

type Part = { name: string; value: string } | { name: string; fileName: string; type: string; data: Uint8Array }

/**
 * A multipart/form-data body built by hand: under jsdom the global FormData and Blob are jsdom's, which
 * Node's Request (used by app.request) does not understand.
 */
function multipartBody(parts: Part[]) {
  const boundary = `----learnpack${Math.random().toString(16).slice(2)}`
  const chunks: Uint8Array[] = []
  const text = (value: string) => chunks.push(new TextEncoder().encode(value))
  for (const part of parts) {
    if ('value' in part) {
      text(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`)
    } else {
      text(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.type}\r\n\r\n`,
      )
      chunks.push(part.data)
      text('\r\n')
    }
  }
  text(`--${boundary}--\r\n`)
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
  let at = 0
  for (const chunk of chunks) {
    body.set(chunk, at)
    at += chunk.length
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

export async function multipart<T>(token: string, path: string, parts: Part[]) {
  const { body: payload, contentType } = multipartBody(parts)
  const res = await testContext().app.request(path, {
    method: 'POST',
    body: payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  })
  const body = (await res.json()) as { data: T; message?: string }
  if (res.status !== 201 && res.status !== 200) throw new Error(`${path}: ${res.status} ${body.message}`)
  return body.data
}

/** Uploads a video + thumbnail through the real API. */
export function uploadVideo(token: string, subTopicId: number, title: string) {
  return multipart<Video>(token, `/api/videos/upload/${subTopicId}`, [
    { name: 'title', value: title },
    { name: 'video', fileName: 'clip.mp4', type: 'video/mp4', data: bytes.mp4() },
    { name: 'thumbnail', fileName: 'thumb.png', type: 'image/png', data: bytes.png() },
  ])
}

/** Uploads a caption file (.vtt or .srt) to a video through the real API. */
export function addCaptions(token: string, videoId: number, caption: { language: string; label: string; text: string; fileName?: string }) {
  return multipart<{ id: number }>(token, `/api/videos/${videoId}/captions`, [
    { name: 'language', value: caption.language },
    { name: 'label', value: caption.label },
    { name: 'kind', value: 'captions' },
    {
      name: 'file',
      fileName: caption.fileName ?? `${caption.language}.vtt`,
      type: 'text/vtt',
      data: new TextEncoder().encode(caption.text),
    },
  ])
}

/** Uploads a PDF study material through the real API. */
export function addMaterial(token: string, subTopicId: number, name: string) {
  return multipart<StudyMaterial>(token, '/api/study-materials/upload', [
    { name: 'subTopicId', value: String(subTopicId) },
    { name: 'name', value: name },
    { name: 'pdf', fileName: 'notes.pdf', type: 'application/pdf', data: bytes.pdf() },
  ])
}

/** Creates MCQs through the real API; `options` maps letters to text, `correct` like 'A,C'. */
export async function addMcqs(
  token: string,
  subTopicId: number,
  items: { question: string; options: Record<string, string>; correct: string }[],
) {
  for (const item of items) {
    const res = await testContext().request('POST', '/api/mcqs/create', {
      token,
      body: { subTopicId, question: item.question, options: JSON.stringify(item.options), correctOption: item.correct },
    })
    if (res.status !== 201) throw new Error(`create mcq: ${res.status}`)
  }
}
