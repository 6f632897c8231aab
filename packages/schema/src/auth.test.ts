import { describe, expect, it } from 'vitest'
import { MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH, ZLoginInput, ZNewPassword, ZResetPasswordInput } from './auth'

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? []

describe('login input', () => {
  it('says a username is required when it is empty or blank', () => {
    expect(messages(ZLoginInput.safeParse({ username: '', password: 'Correct-Horse-9' }))).toEqual([
      'Username is required',
    ])
    expect(messages(ZLoginInput.safeParse({ username: '   ', password: 'Correct-Horse-9' }))).toEqual([
      'Username is required',
    ])
    expect(messages(ZLoginInput.safeParse({ password: 'Correct-Horse-9' }))).toEqual(['Username is required'])
  })

  it('names the length limit of a username over 100 characters', () => {
    expect(MAX_USERNAME_LENGTH).toBe(100)
    expect(ZLoginInput.safeParse({ username: 'a'.repeat(100), password: 'Correct-Horse-9' }).success).toBe(true)
    expect(messages(ZLoginInput.safeParse({ username: 'a'.repeat(101), password: 'Correct-Horse-9' }))).toEqual([
      'Username must be at most 100 characters',
    ])
  })

  it('names the length limit of a huge password, before anything hashes it', () => {
    expect(MAX_PASSWORD_LENGTH).toBe(1024)
    expect(ZLoginInput.safeParse({ username: 'admin', password: 'a'.repeat(1024) }).success).toBe(true)
    expect(messages(ZLoginInput.safeParse({ username: 'admin', password: 'a'.repeat(1025) }))).toEqual([
      'Password must be at most 1024 characters',
    ])
    expect(messages(ZLoginInput.safeParse({ username: 'admin', password: 'a'.repeat(1_000_000) }))).toEqual([
      'Password must be at most 1024 characters',
    ])
  })

  it('keeps the spec message for a short password', () => {
    expect(messages(ZLoginInput.safeParse({ username: 'admin', password: 'short' }))).toEqual([
      'Password must be at least 8 characters',
    ])
  })
})

describe('new password', () => {
  it('caps the new password and its confirmation at the same length', () => {
    const long = `Aa1-${'a'.repeat(1021)}`
    expect(messages(ZNewPassword.safeParse(long))).toEqual(['Password must be at most 1024 characters'])
    const result = ZResetPasswordInput.safeParse({ token: 't', password: 'Str0ng-Pass', confirmPassword: long })
    expect(result.error?.issues[0]).toMatchObject({
      path: ['confirmPassword'],
      message: 'Password must be at most 1024 characters',
    })
  })
})
