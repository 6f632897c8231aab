// Display helpers without zod, so screens that only show data do not download the validation library.

/** Avatar fallback: the first two letters of the name, uppercased. */
export function testimonialInitials(name: string): string {
  return name.trim().slice(0, 2).toUpperCase()
}
