/** Messages to a provider: limits and texts (no zod, so the profile page loads them cheaply). */

export const MESSAGE_LIMITS = { bodyMax: 2000 } as const;

export const MESSAGE_TEXTS = {
  sentTitle: 'Message sent',
  sentTo: (name: string) => `Message sent to ${name}`,
  failed: 'Failed to send message. Please try again.',
  required: 'Please enter a message',
} as const;
