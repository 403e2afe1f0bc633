import { ComingSoon } from '../../components/coming-soon.tsx';

/** The teachers' community page (issue 16 builds it). */
export const TeacherCommunityRoute = () => <ComingSoon titleKey="teacher.pages.community" />;
