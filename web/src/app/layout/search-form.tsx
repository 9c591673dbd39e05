import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Header search: non-empty trimmed text goes to /?search=…; empty text is ignored. */
export function SearchForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current = params.get('search') ?? '';
  const [text, setText] = useState(current);

  useEffect(() => setText(current), [current]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const search = text.trim();
    if (!search) return;
    navigate(paths.home.getHref({ search }));
  };

  return (
    <form role="search" className="search-form" onSubmit={onSubmit}>
      <label htmlFor="site-search" className="visually-hidden">
        ابحث في المزادات
      </label>
      <input
        id="site-search"
        type="search"
        className="search-form__input"
        placeholder="ابحث عن مزاد…"
        value={text}
        onChange={(e) => setText(e.target.value)}
        enterKeyHint="search"
        maxLength={100}
      />
      <button type="submit" className="search-form__button" aria-label="بحث">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
