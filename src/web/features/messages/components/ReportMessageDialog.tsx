/** Reports a message to the moderators: a reason and optional details. (Being built.) */
export function ReportMessageDialog(_props: {
  messageId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the report is stored (the thread marks the message as reported). */
  onReported?: () => void;
}) {
  return null;
}
