import { Badge } from '@mantine/core'

// The dot variant keeps the label in the text colour: Mantine's light green badge is below 4.5:1 contrast.
export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge variant="dot" color={isActive ? 'green.7' : 'gray.6'} radius="sm" c="ink.9" miw="max-content">
      {isActive ? 'Active' : 'Inactive'}
    </Badge>
  )
}
