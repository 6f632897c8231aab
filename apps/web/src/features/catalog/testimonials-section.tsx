import { Container, Title } from '@mantine/core'
import { testimonialInitials } from '@shop/schema/display'
import type { Testimonial } from '@shop/schema/testimonials'
import { IconStarFilled } from '@tabler/icons-react'
import classes from './testimonials-section.module.css'

const MAX_RATING = 5

function Stars({ rating }: { rating: number }) {
  return (
    <div className={classes.stars} role="img" aria-label={`Rated ${rating} out of ${MAX_RATING}`}>
      {Array.from({ length: MAX_RATING }, (_, i) => (
        <IconStarFilled
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items
          key={i}
          size={15}
          aria-hidden
          className={i < rating ? classes.starGiven : undefined}
        />
      ))}
    </div>
  )
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className={classes.card}>
      <Stars rating={testimonial.rating} />
      <blockquote className={classes.quote}>“{testimonial.content}”</blockquote>
      <figcaption className={classes.author}>
        <span className={classes.avatar} aria-hidden>
          {testimonialInitials(testimonial.name)}
          {testimonial.avatarUrl && (
            // At the foot of the home page: fetched when scrolled near, not beside what the first screen needs.
            <img className={classes.photo} src={testimonial.avatarUrl} alt="" loading="lazy" />
          )}
        </span>
        <div>
          <p className={classes.name}>{testimonial.name}</p>
          {testimonial.location && <p className={classes.location}>{testimonial.location}</p>}
        </div>
      </figcaption>
    </figure>
  )
}

/** Customer testimonials; renders nothing when there are none or they failed to load. */
export function TestimonialsSection({ testimonials }: { testimonials: Testimonial[] | undefined }) {
  if (!testimonials || testimonials.length === 0) return null
  return (
    <section aria-labelledby="testimonials-title" className={classes.section}>
      <Container>
        <div className={classes.heading}>
          <p className={classes.eyebrow}>Kind words</p>
          <Title order={2} id="testimonials-title">
            What Our Customers Say
          </Title>
        </div>
        <div className={classes.cards}>
          {testimonials.map((testimonial) => (
            <TestimonialCard key={testimonial.id} testimonial={testimonial} />
          ))}
        </div>
      </Container>
    </section>
  )
}
