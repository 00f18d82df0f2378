import { useEffect, useId, useState } from 'react';
import { Select } from '#web/components/ui/Select.tsx';
import { cn } from '#web/lib/cn.ts';
import { ACCOUNT_SECTIONS, type AccountSectionId } from './account-sections';

// A section is current once its top passes this line, just under the sticky header (4rem).
const CURRENT_LINE_PX = 120;

/** The section whose top last passed the line; the last one once the page is scrolled to its end. */
function currentSection(): AccountSectionId {
  const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
  let current: AccountSectionId = ACCOUNT_SECTIONS[0].id;
  for (const { id } of ACCOUNT_SECTIONS) {
    const top = document.getElementById(id)?.getBoundingClientRect().top;
    if (top !== undefined && (top <= CURRENT_LINE_PX || atEnd)) current = id;
  }
  return current;
}

/**
 * Scrolls to a section and moves focus to its heading, so keyboard and screen-reader users carry on
 * from there. The URL keeps no #hash: a fragment would add history entries, which Back (and the
 * unsaved-changes guard) would then have to walk through.
 */
function jumpTo(id: AccountSectionId) {
  const section = document.getElementById(id);
  if (!section) return;
  section.scrollIntoView({ block: 'start' });
  const heading = section.querySelector<HTMLElement>('h2') ?? section;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

/**
 * The provider's section menu: a sticky side list of in-page links on wide screens (the current
 * section marked with aria-current), a jump list on phones.
 */
export function SectionMenu() {
  const selectId = useId();
  const [current, setCurrent] = useState<AccountSectionId>(ACCOUNT_SECTIONS[0].id);

  useEffect(() => {
    const update = () => setCurrent(currentSection());
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  const handleJump = (id: AccountSectionId) => {
    jumpTo(id);
    setCurrent(id);
  };

  return (
    <nav aria-label="Account sections" className="lg:sticky lg:top-20 lg:self-start">
      <div className="lg:hidden">
        <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-app">
          Jump to section
        </label>
        <Select
          id={selectId}
          value={current}
          onChange={(event) => handleJump(event.target.value as AccountSectionId)}
        >
          {ACCOUNT_SECTIONS.map(({ id, label }) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <ul className="hidden space-y-1 lg:block">
        {ACCOUNT_SECTIONS.map(({ id, label }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              aria-current={id === current ? 'location' : undefined}
              onClick={(event) => {
                event.preventDefault();
                handleJump(id);
              }}
              className={cn(
                'block rounded-lg border-l-2 px-3 py-1.5 text-sm hover:bg-muted hover:text-app',
                id === current
                  ? 'border-brand-700 bg-muted font-semibold text-app dark:border-brand-400'
                  : 'border-transparent text-muted',
              )}
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
