import { Fragment, useState, type ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import { LinkButton } from '../../components/Button';
import { Tab, TabList, TabPanel, Tabs } from '../../components/Tabs';
import { useViewer } from '../../session/viewer';
import { AdminPage } from './AdminPage';
import { ArticleForm } from '../editor';
import { PodcastForm } from '../editor';
import { RebuildDatabaseButton } from './rebuild/RebuildDatabaseButton';
import { ModerationLink } from './moderation/ModerationLink';
import { UsersTab } from './users/UsersTab';
// The overview brings uPlot: imported here and under dashboard/ only, so it is in the admin's chunk.
import { Overview } from './dashboard/Overview';

/** The management screens only admins may open, in the order their links stand. */
const ADMIN_ONLY_LINKS = [
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/categories', label: 'Categories' },
  { to: '/admin/menu', label: 'Menu' },
  { to: '/admin/shows', label: 'Shows' },
  { to: '/admin/audit', label: 'Audit log' },
] as const;

/**
 * /admin, 'Content Control Panel' (spec 2). Editors and admins create articles and episodes here;
 * the Users tab, the user/category/menu links and Rebuild DB are for admins (spec 6: user
 * management and the rebuild are admin abilities, and the server refuses them to editors).
 * Rebuild DB is not among the links: it sits alone in a 'Danger zone' at the bottom. It opens on the
 * Overview (the site's figures); the spec's tabs follow it, one click away.
 */
export function AdminPanelScreen() {
  const viewer = useViewer();
  const [tab, setTab] = useState<Key>('overview');
  return (
    <AdminPage title="Content Control Panel" description="Create content, manage users and control the site." allow="editor">
      <nav aria-label="Admin" className="admin-links">
        <LinkButton to="/admin/content" search={{ kind: 'article', status: 'draft', sort: 'updated', page: 1 }} variant="secondary">
          Content
        </LinkButton>
        <ModerationLink />
        {viewer.isAdmin ? (
          ADMIN_ONLY_LINKS.map(({ to, label }) => (
            <LinkButton key={to} to={to} variant="secondary">
              {label}
            </LinkButton>
          ))
        ) : null}
        <LinkButton to="/admin/main-page" variant="secondary">
          Main Page
        </LinkButton>
        <LinkButton to="/" variant="secondary">
          Home
        </LinkButton>
      </nav>

      <Tabs selectedKey={tab} onSelectionChange={setTab}>
        <TabList aria-label="Control panel sections" className="admin-panel__sections">
          <Tab id="overview">Overview</Tab>
          <Tab id="articles">Articles</Tab>
          <Tab id="podcasts">Podcasts</Tab>
          {viewer.isAdmin ? <Tab id="users">Users</Tab> : null}
        </TabList>
        <TabPanel id="overview">
          <Overview />
        </TabPanel>
        <TabPanel id="articles">
          <StartsOverAfterEach form={(onCreated) => <ArticleForm article={null} variant="panel" onCreated={onCreated} />} />
        </TabPanel>
        <TabPanel id="podcasts">
          <StartsOverAfterEach form={(onCreated) => <PodcastForm podcast={null} variant="panel" onCreated={onCreated} />} />
        </TabPanel>
        {viewer.isAdmin ? (
          <TabPanel id="users">
            <UsersTab />
          </TabPanel>
        ) : null}
      </Tabs>

      {viewer.isAdmin ? (
        <section className="danger-zone" aria-labelledby="danger-zone-title">
          <h2 id="danger-zone-title">Danger zone</h2>
          <div className="split-row danger-zone__item">
            <div>
              <h3>Rebuild the database</h3>
              <p>
                Deletes every article, podcast episode and show, resource, forum discussion and community member, then adds
                fresh sample data. Admin accounts and menu settings are kept. A backup is written first (the server’s{' '}
                <code>npm run restore</code> brings it back).
              </p>
            </div>
            <RebuildDatabaseButton />
          </div>
        </section>
      ) : null}
    </AdminPage>
  );
}

/** The quick create forms start over, empty, after each item they create. */
function StartsOverAfterEach({ form }: { form: (onCreated: () => void) => ReactNode }) {
  const [generation, setGeneration] = useState(0);
  return <Fragment key={generation}>{form(() => setGeneration((n) => n + 1))}</Fragment>;
}
