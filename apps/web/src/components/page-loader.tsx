import { Center, Loader } from '@mantine/core'

/** Shown while a page's code arrives on the first load. */
export function PageLoader() {
  return (
    <Center mih="60vh">
      <Loader color="gold" aria-label="Loading" />
    </Center>
  )
}
