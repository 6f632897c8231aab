import { Avatar, Box, Container, Flex, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { testimonialInitials } from '@shop/schema/display'
import type { Testimonial } from '@shop/schema/testimonials'
import { IconStarFilled } from '@tabler/icons-react'

const MAX_RATING = 5
const CARD_WIDTH = {
  base: '100%',
  sm: 'calc(50% - var(--mantine-spacing-lg) / 2)',
  lg: 'calc((100% - 2 * var(--mantine-spacing-lg)) / 3)',
}

function Stars({ rating }: { rating: number }) {
  return (
    <Group gap={2} role="img" aria-label={`Rated ${rating} out of ${MAX_RATING}`} wrap="nowrap">
      {Array.from({ length: MAX_RATING }, (_, i) => (
        <IconStarFilled
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items
          key={i}
          size={15}
          aria-hidden
          color={i < rating ? 'var(--mantine-color-gold-5)' : 'var(--mantine-color-gold-1)'}
        />
      ))}
    </Group>
  )
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <Paper
      component="figure"
      m={0}
      p={{ base: 'lg', sm: 'xl' }}
      radius="sm"
      bg="white"
      withBorder
      style={{ borderColor: 'var(--mantine-color-gold-1)', display: 'flex', flexDirection: 'column' }}
      w={CARD_WIDTH}
    >
      <Stars rating={testimonial.rating} />
      <Text
        component="blockquote"
        m={0}
        mt="md"
        mb="lg"
        ff="heading"
        fz={{ base: '1.1875rem', sm: '1.25rem' }}
        lh={1.45}
        c="ink.8"
        style={{ flex: 1 }}
      >
        “{testimonial.content}”
      </Text>
      <Group
        component="figcaption"
        gap="sm"
        wrap="nowrap"
        pt="md"
        style={{ borderTop: '1px solid var(--mantine-color-gold-1)' }}
      >
        <Avatar
          src={testimonial.avatarUrl}
          alt=""
          aria-hidden
          // At the foot of the home page: fetched when scrolled near, not beside what the first screen needs.
          imageProps={{ loading: 'lazy' }}
          radius={999}
          size={44}
          styles={{ placeholder: { background: 'var(--mantine-color-gold-0)', color: 'var(--mantine-color-gold-8)' } }}
        >
          {testimonialInitials(testimonial.name)}
        </Avatar>
        <Box>
          <Text fw={600} fz="sm" c="ink.9">
            {testimonial.name}
          </Text>
          {testimonial.location && (
            <Text fz="xs" c="ink.6" tt="uppercase" lts="0.12em">
              {testimonial.location}
            </Text>
          )}
        </Box>
      </Group>
    </Paper>
  )
}

/** Customer testimonials; renders nothing when there are none or they failed to load. */
export function TestimonialsSection({ testimonials }: { testimonials: Testimonial[] | undefined }) {
  if (!testimonials || testimonials.length === 0) return null
  return (
    <Box
      component="section"
      aria-labelledby="testimonials-title"
      py={{ base: 64, sm: 96 }}
      bg="#f7f1e6"
      // Laid out and painted only as it nears the viewport, as the home page's other sections (home.module.css).
      style={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 1200px' }}
    >
      <Container>
        <Stack gap={6} align="center" ta="center" mb={{ base: 'xl', sm: 48 }}>
          <Text fz="xs" fw={600} c="gold.7" tt="uppercase" lts="0.2em">
            Kind words
          </Text>
          <Title order={2} id="testimonials-title">
            What Our Customers Say
          </Title>
        </Stack>
        <Flex wrap="wrap" justify="center" gap="lg">
          {testimonials.map((testimonial) => (
            <TestimonialCard key={testimonial.id} testimonial={testimonial} />
          ))}
        </Flex>
      </Container>
    </Box>
  )
}
