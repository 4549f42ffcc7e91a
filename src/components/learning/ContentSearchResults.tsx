import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { SearchHit } from '../../../contract/search.ts'
import { HIT_KIND_LABEL, hitName, hitPlace } from './search-hit.ts'
import { SearchHitLink } from './SearchHitLink.tsx'

/** The content a search found below the package level, each with where it sits and a link to open it. */
export function ContentSearchResults({ hits, admin }: { hits: SearchHit[]; admin: boolean }) {
  if (hits.length === 0) return null
  return (
    <Stack gap="xs" component="section" aria-labelledby="content-search-heading">
      <Title order={3} size="h5" id="content-search-heading">
        Search results
      </Title>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {hits.map((hit) => (
          <li key={`${hit.kind}-${hit.id}`}>
            <Paper withBorder radius="md" p="sm">
              <SearchHitLink hit={hit} admin={admin} aria-label={hitName(hit)}>
                <Group gap="xs" wrap="nowrap" align="baseline">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {hit.title}
                  </Text>
                  <Badge variant="light" size="sm" style={{ textTransform: 'none', flexShrink: 0 }}>
                    {HIT_KIND_LABEL[hit.kind]}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {hitPlace(hit) ? `in ${hitPlace(hit)}` : null}
                </Text>
              </SearchHitLink>
            </Paper>
          </li>
        ))}
      </Stack>
    </Stack>
  )
}
