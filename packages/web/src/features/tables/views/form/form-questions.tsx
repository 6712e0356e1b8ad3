import { ArrowDown, ArrowUp, Eye, EyeOff, GripVertical } from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { IconButton } from '../../../../components/ui/icon-button';
import { cn } from '../../../../lib/cn';
import { fieldTypeInfo } from '../../fields/field-types';
import type { BuilderQuestion } from './form-builder';

const DRAG_TYPE = 'application/x-flowmind-question';

/** The form's questions: show or hide, mark required, and reorder by dragging or with the arrow buttons. */
export function FormQuestions({
  questions,
  onMove,
  onToggleHidden,
  onToggleRequired,
}: {
  questions: BuilderQuestion[];
  onMove: (fieldId: string, index: number) => void;
  onToggleHidden: (question: BuilderQuestion) => void;
  onToggleRequired: (question: BuilderQuestion) => void;
}) {
  const [dropIndex, setDropIndex] = useState<number | null>(null);
  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    setDropIndex(null);
    const id = event.dataTransfer.getData(DRAG_TYPE);
    // Dropping on a row puts the question where that row is.
    if (questions.some((question) => question.id === id)) onMove(id, index);
  };
  if (questions.length === 0)
    return (
      <p className="rounded-md border border-dashed p-4 text-center text-muted-foreground text-sm">
        No field of this table can be collected by a form. Add a text, number, date or select field.
      </p>
    );
  return (
    <ol className="grid gap-1" aria-label="Questions">
      {questions.map((question, index) => {
        const Icon = fieldTypeInfo[question.type].icon;
        return (
          <li
            key={question.id}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.setData(DRAG_TYPE, question.id);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
              event.preventDefault();
              setDropIndex(index);
            }}
            onDragLeave={() => setDropIndex((current) => (current === index ? null : current))}
            onDrop={(event) => drop(event, index)}
            aria-label={question.name}
            className={cn(
              'flex min-h-10 items-center gap-2 rounded-lg border bg-background px-2 py-1.5',
              question.hidden && 'bg-muted/40 text-muted-foreground',
              dropIndex === index && 'border-primary',
            )}
          >
            <GripVertical className="size-4 shrink-0 cursor-grab text-muted-foreground" aria-hidden="true" />
            <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className={cn('min-w-0 flex-1 truncate text-sm', question.hidden && 'line-through')}>
              {question.name}
            </span>
            <label
              className={cn(
                'flex items-center gap-1.5 text-[13px]',
                question.hidden ? 'opacity-50' : 'text-muted-foreground',
              )}
            >
              <input
                type="checkbox"
                className="size-3.5 accent-primary"
                checked={question.required}
                disabled={question.hidden}
                onChange={() => onToggleRequired(question)}
                aria-label={`${question.name} is required`}
              />
              <span className="hidden sm:inline">Required</span>
            </label>
            <IconButton
              size="sm"
              label={question.hidden ? `Show ${question.name}` : `Hide ${question.name}`}
              onClick={() => onToggleHidden(question)}
            >
              {question.hidden ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            </IconButton>
            <IconButton
              size="sm"
              label={`Move ${question.name} up`}
              disabled={index === 0}
              onClick={() => onMove(question.id, index - 1)}
            >
              <ArrowUp aria-hidden="true" />
            </IconButton>
            <IconButton
              size="sm"
              label={`Move ${question.name} down`}
              disabled={index === questions.length - 1}
              onClick={() => onMove(question.id, index + 1)}
            >
              <ArrowDown aria-hidden="true" />
            </IconButton>
          </li>
        );
      })}
    </ol>
  );
}
