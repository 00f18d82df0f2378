import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './Avatar';

const OLD = '/uploads/avatar/u/old.webp';
const NEW = '/uploads/avatar/u/new.webp';

describe('Avatar', () => {
  it('shows the picture, the initials once it fails, and tries a new address at once', () => {
    const { container, rerender } = render(<Avatar name="Nia Brooks" src={OLD} size={36} />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe(OLD);

    fireEvent.error(img!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('NB');

    // A replaced picture (this session's upload, or fresher data from the server) is shown, not the initials.
    rerender(<Avatar name="Nia Brooks" src={NEW} size={36} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(NEW);

    // Back to the address that failed: still the initials, without asking again.
    rerender(<Avatar name="Nia Brooks" src={OLD} size={36} />);
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the initials without a picture', () => {
    const { container } = render(<Avatar name="ada" src={null} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('A');
  });
});
