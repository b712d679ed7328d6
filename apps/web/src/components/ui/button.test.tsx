import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { Button } from './button'

describe('Button', () => {
  it('looks disabled while held with aria-disabled, and stays focusable', () => {
    render(<Button aria-disabled>Saving...</Button>)
    const button = screen.getByRole('button', { name: 'Saving...' })
    expect(button.className).toContain('aria-disabled:opacity-50')
    expect(button.className).toContain('aria-disabled:cursor-not-allowed')
    button.focus()
    expect(document.activeElement).toBe(button)
  })
})
