/** Runtime settings the SPA reads from GET /api/config, so one build serves every deployment. */
export interface PublicConfig {
  googleClientId: string | null
}
