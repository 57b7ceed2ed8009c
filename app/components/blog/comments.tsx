import { type FormEvent, useState } from "react";
import { useFetcher } from "react-router";
import { useEarlySubmit } from "~/components/forms/use-early-submit";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { showToast } from "~/components/toast";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { blogMessages, COMMENT_AUTHOR_MAX_LENGTH, COMMENT_CONTENT_MAX_LENGTH } from "~/modules/blog/blog";
import { formatDate } from "~/modules/format/dates";
import type { ActionResult } from "~/modules/forms/action-result";

type Comment = { id: number; author: string; content: string; createdAt: Date };

export type BlogIntent = "rate" | "comment";
/** What the article page's action answers, saying which of its two forms it is for. */
export type BlogResult = ActionResult<BlogIntent>;

/** The readers' comments, newest first, with their count. Comments are plain text. */
export function CommentList({ comments }: { comments: Comment[] }) {
  return (
    <>
      <h2 id="comments-title" className="text-2xl text-ink">
        Commenti ({comments.length})
      </h2>
      {comments.length === 0 ? (
        <p className="mt-4 text-ink-soft">Ancora nessun commento: scrivi tu il primo.</p>
      ) : (
        <ol className="mt-6 divide-y divide-sand">
          {comments.map((comment) => (
            <li key={comment.id} className="py-5">
              <p className="flex flex-wrap items-baseline gap-x-3 text-sm">
                <span className="font-semibold text-ink">{comment.author}</span>
                <time dateTime={comment.createdAt.toISOString()} className="text-ink-soft">
                  {formatDate(comment.createdAt, "long")}
                </time>
              </p>
              <p className="mt-2 leading-relaxed whitespace-pre-line text-ink">{comment.content}</p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/**
 * Name and comment. A signed-in user with a first name comments under that name (locked). The submit
 * button waits while sending; after success the text is cleared and the article reloads.
 */
export function CommentForm({ lockedAuthor, result }: { lockedAuthor: string | null; result?: BlogResult }) {
  const fetcher = useFetcher<BlogResult>();
  const [author, setAuthor] = useState(lockedAuthor ?? "");
  const [content, setContent] = useState("");
  const [missing, setMissing] = useState(false);
  const early = useEarlySubmit((form) => {
    const typed = new FormData(form);
    if (lockedAuthor === null) setAuthor(String(typed.get("author") ?? ""));
    setContent(String(typed.get("content") ?? ""));
  });
  const sending = fetcher.state !== "idle";
  const answer = fetcher.data ?? result;

  useFetcherAnswer(fetcher.data, (answered) => {
    if (answered.ok) {
      setContent("");
      showToast(blogMessages.commentSent, "success");
    } else if (answered.notice) {
      showToast(answered.notice, "error");
    }
  });

  function checkRequired(event: FormEvent<HTMLFormElement>) {
    const empty = !author.trim() || !content.trim();
    setMissing(empty);
    if (empty) {
      event.preventDefault();
      showToast({ title: "Errore", description: blogMessages.commentRequired }, "error");
    }
  }

  const message = missing
    ? blogMessages.commentRequired
    : answer && !answer.ok
      ? (answer.notice?.description ?? blogMessages.commentFailed)
      : answer && !sending
        ? `${blogMessages.commentSent.title} ${blogMessages.commentSent.description}`
        : "";

  return (
    <fetcher.Form
      {...early}
      method="post"
      noValidate
      onSubmit={checkRequired}
      className="mt-8 space-y-4"
      aria-labelledby="comment-form-title"
    >
      <h3 id="comment-form-title" className="text-xl text-ink">
        Lascia un commento
      </h3>
      <input type="hidden" name="intent" value="comment" />
      <HoneypotField idPrefix="comment" />
      <Field
        id="comment-author"
        name="author"
        label="Nome"
        autoComplete="given-name"
        maxLength={COMMENT_AUTHOR_MAX_LENGTH}
        required
        readOnly={lockedAuthor !== null}
        value={author}
        onChange={(event) => setAuthor(event.target.value)}
      />
      <Field
        id="comment-content"
        name="content"
        label="Commento"
        rows={5}
        maxLength={COMMENT_CONTENT_MAX_LENGTH}
        required
        value={content}
        onChange={(event) => setContent(event.target.value)}
      />
      <p aria-live="polite" className="min-h-6 text-sm text-wine">
        {message}
      </p>
      <button
        type="submit"
        disabled={sending}
        className={`${buttonClass.primary} disabled:cursor-wait disabled:opacity-60`}
      >
        {sending ? "Invio in corso…" : "Invia commento"}
      </button>
    </fetcher.Form>
  );
}
