import { Button, Container, Stack, Text, Title } from '@mantine/core'
import { Component, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'

/** Shown in place of a page that failed to load (its chunk) or to render. */
export function RouteError() {
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Something went wrong</Title>
        <Text c="ink.7">This page could not be loaded. Please try again.</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Container>
  )
}

interface BoundaryProps {
  /** The current address: going to another one gives the pages below a new try. */
  address: string
  children: ReactNode
}

interface BoundaryState {
  failed: boolean
  /** The address the state is of: another one gives the pages a new try. */
  address: string
}

/** React's error boundary (a class, as React requires), shown until the visitor goes to another address. */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, address: this.props.address }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.address === state.address ? null : { failed: false, address: props.address }
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true }
  }

  override componentDidCatch(error: unknown) {
    console.error(error)
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children
  }
}

/** RouteError in place of the pages below it when one fails to load or render, until the address changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation()
  return <ErrorBoundary address={location.pathname + location.search}>{children}</ErrorBoundary>
}
