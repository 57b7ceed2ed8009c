import { Link } from "react-router";
import { formatDate } from "~/modules/format/dates";

export type PostCardData = {
  slug: string;
  title: string;
  excerpt: string;
  imageUrl: string | null;
  publishedAt: Date;
  author: string;
  category: string;
};

/** Category, date and author of a post, as one line. */
export function PostByline({ post, className = "" }: { post: PostCardData; className?: string }) {
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-soft ${className}`}>
      <span className="text-xs font-semibold tracking-[0.2em] text-wine uppercase">{post.category}</span>
      <span aria-hidden>·</span>
      <time dateTime={post.publishedAt.toISOString()}>{formatDate(post.publishedAt, "long")}</time>
      <span aria-hidden>·</span>
      <span>{post.author}</span>
    </p>
  );
}

/** One post in the blog list: image, category, date, author, excerpt and a link to read it. */
export function PostCard({ post, featured = false }: { post: PostCardData; featured?: boolean }) {
  const href = `/blog/${post.slug}`;
  const Heading = featured ? "h2" : "h3";
  return (
    <article
      className={`group flex w-full flex-col overflow-hidden rounded-md border border-sand bg-white ${featured ? "md:grid md:grid-cols-2" : ""}`}
    >
      <Link to={href} tabIndex={-1} aria-hidden className="block overflow-hidden bg-linen">
        {post.imageUrl && (
          <img
            src={post.imageUrl}
            alt=""
            width={1200}
            height={800}
            loading={featured ? "eager" : "lazy"}
            // The featured post's image is the blog page's largest element.
            fetchPriority={featured ? "high" : undefined}
            className="aspect-[3/2] size-full object-cover transition-transform duration-500 group-hover:scale-[1.02]"
          />
        )}
      </Link>
      <div className={`flex flex-1 flex-col ${featured ? "p-6 sm:p-10 md:justify-center" : "p-5"}`}>
        <PostByline post={post} />
        <Heading className={`mt-3 leading-snug text-ink ${featured ? "text-3xl sm:text-4xl" : "text-xl"}`}>
          <Link to={href} className="hover:text-wine">
            {post.title}
          </Link>
        </Heading>
        <p className={`mt-3 flex-1 leading-relaxed text-ink-soft ${featured ? "text-lg" : "text-sm"}`}>
          {post.excerpt}
        </p>
        <Link
          to={href}
          aria-label={`Leggi di più: ${post.title}`}
          className="mt-5 self-start text-sm font-medium tracking-[0.14em] text-ink uppercase underline decoration-wine underline-offset-8 hover:text-wine"
        >
          Leggi di più
        </Link>
      </div>
    </article>
  );
}
