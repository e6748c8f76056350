import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BrowserRouter,
  Link,
  Navigate,
  useLocation,
  useParams,
  useRoutes,
  matchRoutes,
  useSearchParams,
  type RouteObject,
} from './router.tsx';

function Address() {
  const { pathname, search, state } = useLocation();
  return <output aria-label="address">{`${pathname}${search} ${JSON.stringify(state)}`}</output>;
}

function Lesson() {
  const { lessonId } = useParams();
  return <h1>Lesson {lessonId}</h1>;
}

function Tabs() {
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <button
      type="button"
      onClick={() =>
        setSearchParams(
          (current) => {
            current.set('tab', 'billing');
            return current;
          },
          { replace: true },
        )
      }
    >
      Tab {searchParams.get('tab')}
    </button>
  );
}

const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <Link to="/lessons/intro?from=home" state={{ from: '/' }}>
        Begin
      </Link>
    ),
  },
  { path: '/lessons/:lessonId', element: <Lesson /> },
  { path: '/settings', element: <Tabs /> },
  { path: '/old', element: <Navigate to="/settings" replace /> },
];

function Routes() {
  return useRoutes(routes);
}

function App() {
  return (
    <BrowserRouter>
      <Routes />
      <Address />
    </BrowserRouter>
  );
}

const address = () => screen.getByRole('status', { name: 'address' }).textContent;

describe('the router', () => {
  let scrollTo: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('follows a link without reloading, with its state, and starts the page at the top', async () => {
    render(<App />);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Begin' })));
    expect(screen.getByRole('heading', { name: 'Lesson intro' })).toBeInTheDocument();
    expect(address()).toBe('/lessons/intro?from=home {"from":"/"}');
    expect(window.location.pathname).toBe('/lessons/intro');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('leaves a click meant for a new tab to the browser', () => {
    render(<App />);
    const link = screen.getByRole('link', { name: 'Begin' });
    expect(link).toHaveAttribute('href', '/lessons/intro?from=home');
    fireEvent.click(link, { ctrlKey: true });
    expect(window.location.pathname).toBe('/');
  });

  it('goes back through the history', async () => {
    render(<App />);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Begin' })));
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(screen.getByRole('link', { name: 'Begin' })).toBeInTheDocument();
    expect(address()).toBe('/ null');
  });

  it('redirects once, replacing the address, and sets a query without a new history entry', async () => {
    window.history.replaceState(null, '', '/old');
    const entries = window.history.length;
    render(<App />);
    await act(async () => {});
    expect(address()).toBe('/settings null');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Tab' })));
    expect(address()).toBe('/settings?tab=billing null');
    expect(screen.getByRole('button', { name: 'Tab billing' })).toBeInTheDocument();
    expect(window.history.length).toBe(entries);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe('matchRoutes', () => {
  const lesson = { path: '/courses/:courseId/lessons/:lessonId' };
  const courses = { path: '/courses' };
  const newCourse = { path: '/courses/new/lessons/:lessonId' };
  const notFound = { path: '*' };
  const layout = { children: [courses, { path: '/shop' }] };
  const table: RouteObject[] = [newCourse, lesson, layout, { path: '/' }, notFound];

  const matchedRoutes = (pathname: string) =>
    matchRoutes(table, pathname)?.map(({ route }) => route);

  it('takes the first route of the table that fits', () => {
    expect(matchedRoutes('/courses/new/lessons/intro')).toEqual([newCourse]);
    expect(matchedRoutes('/courses/energy/lessons/intro')).toEqual([lesson]);
    expect(matchedRoutes('/nowhere')).toEqual([notFound]);
  });

  it('gives a layout route and the page inside it', () => {
    expect(matchedRoutes('/courses')).toEqual([layout, courses]);
  });

  it('matches without regard to case or a trailing slash', () => {
    expect(matchedRoutes('/Courses/')).toEqual([layout, courses]);
  });

  it('decodes the parameters, and keeps a malformed escape as it was typed', () => {
    expect(matchRoutes(table, '/courses/a%20b/lessons/%E0%A4%A')?.[0]?.params).toEqual({
      courseId: 'a b',
      lessonId: '%E0%A4%A',
    });
  });

  it('gives the rest of the path to a final *', () => {
    expect(matchRoutes(table, '/a/b%2Fc/d')?.[0]?.params).toEqual({ '*': 'a/b/c/d' });
  });

  it('matches nothing when no route fits', () => {
    expect(matchRoutes([courses], '/shop')).toBeNull();
    expect(matchRoutes([lesson], '/courses/energy/lessons')).toBeNull();
  });
});
