import type { Video } from '../../contract/content.ts'

/** A video's name: its title, else 'Video N' by its 1-based position in its sub-topic. */
export const videoLabel = (video: Pick<Video, 'title'>, index: number) => video.title?.trim() || `Video ${index}`
