import { Anchor, Button, Stack, Text } from '@mantine/core'
import { useId } from 'react'
import { Link } from 'react-router-dom'

interface LoadMoreProps {
  /** Products on screen. */
  shown: number
  /** Products in the whole list. */
  total: number
  isLoading: boolean
  onLoadMore: () => void
  /**
   * The same list with one more page, as a link (`?page=2`): what a browser without JavaScript follows, since the
   * server renders as many pages as the URL asks for.
   */
  moreHref?: string
}

/** Below a storefront list that loads in pages: "Showing 24 of 60 pieces" and, while more remain, Load more. */
export function LoadMore({ shown, total, isLoading, onLoadMore, moreHref }: LoadMoreProps) {
  const statusId = useId()
  if (total <= 0) return null
  return (
    <Stack align="center" gap="sm" mt={{ base: 40, sm: 56 }}>
      <Text id={statusId} fz="sm" c="ink.7" aria-live="polite">
        {`Showing ${shown} of ${total} ${total === 1 ? 'piece' : 'pieces'}`}
      </Text>
      {shown < total && (
        <Button
          variant="outline"
          size="md"
          loading={isLoading}
          onClick={onLoadMore}
          aria-describedby={statusId}
          data-needs-script
        >
          Load more
        </Button>
      )}
      {shown < total && moreHref && (
        <noscript>
          <Anchor component={Link} to={moreHref} fz="sm">
            Show more pieces
          </Anchor>
        </noscript>
      )}
    </Stack>
  )
}
