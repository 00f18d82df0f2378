import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { cn } from '#web/lib/cn.ts';

/**
 * Questions that open one at a time (Radix Accordion: buttons with aria-expanded, arrow keys move
 * between questions). Each question is an h3, so the caller gives the list an h2.
 */
export function FaqAccordion({
  items,
  className,
}: {
  items: readonly { question: string; answer: string }[];
  className?: string;
}) {
  return (
    <Accordion.Root
      type="single"
      collapsible
      className={cn('divide-y divide-[color:var(--border)]', className)}
    >
      {items.map((item) => (
        <Accordion.Item key={item.question} value={item.question}>
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className="group flex w-full cursor-pointer items-center justify-between gap-4 py-4 text-left text-base font-medium text-app hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-[color:var(--ring)] dark:hover:text-brand-300">
                {item.question}
                <ChevronDown
                  className="h-5 w-5 shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180"
                  aria-hidden="true"
                />
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content className="pb-4 text-sm leading-relaxed text-muted">
            {item.answer}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
