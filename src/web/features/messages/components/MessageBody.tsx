import { linkifyText } from '../message-text';

/**
 * A message's text as text (line breaks kept), its http(s) addresses as links that open in a new
 * tab and pass no ranking or referrer. React escapes every part: nothing in a message is HTML.
 */
export function MessageBody({ text }: { text: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {linkifyText(text).map((part, i) =>
        part.kind === 'link' ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in a fixed order
            key={i}
            href={part.href}
            target="_blank"
            rel="nofollow noopener noreferrer"
            className="font-medium underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in a fixed order
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
