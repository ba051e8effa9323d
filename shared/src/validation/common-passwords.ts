/**
 * Passwords that satisfy the length-and-character rule yet appear near the top of every breach
 * corpus (SecLists' 10k-most-common, Have I Been Pwned frequency lists). Lowercased; compared after
 * lowercasing. Short and hand-picked on purpose: it blocks the obvious as the form is filled in, even
 * offline. The server also checks a breach list of some 5,000 more (api `newPasswordProblem`).
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password1', 'password12', 'password123', 'password1234', 'password!1', 'passw0rd1',
  'p@ssword1', 'p@ssw0rd1', 'password01', 'password2', 'password3', 'password7', 'password9',
  'iloveyou1', 'iloveyou2', 'iloveyou123', 'qwerty123', 'qwerty1234', 'qwerty12345',
  'qwertyuiop1', 'qwertyuiop123', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', '1qaz2wsx3edc',
  'q1w2e3r4', 'q1w2e3r4t5', 'q1w2e3r4t5y6', 'zaq12wsx', 'abc12345', 'abcd1234', 'abc123456',
  'abcdef123', 'abcdefg1', 'a1b2c3d4', 'a1234567', 'a12345678', 'aa123456', 'asdf1234',
  'asdfgh123', 'asdfghjkl1', 'zxcvbnm1', 'zxcvbnm123', 'welcome1', 'welcome123', 'welcome2',
  'letmein1', 'letmein123', 'monkey123', 'dragon123', 'master123', 'sunshine1', 'princess1',
  'football1', 'baseball1', 'soccer123', 'superman1', 'batman123', 'trustno1!', 'starwars1',
  'shadow123', 'michael1', 'jennifer1', 'jordan23', 'charlie1', 'freedom1', 'whatever1',
  'computer1', 'internet1', 'changeme1', 'changeme123', 'admin123', 'admin1234', 'administrator1',
  'test1234', 'testing123', 'secret123', 'hello123', 'hello1234', 'loveyou1', 'lovely123',
  'summer2024', 'summer2025', 'summer2026', 'winter2024', 'winter2025', 'winter2026',
  'spring2025', 'spring2026', 'autumn2025', 'fall2025', 'minnesota1', 'minneapolis1', 'vikings1',
  'allstall1', 'allstall123', 'bathroom1', 'restroom1', 'peeinpeace1', 'passwordpassword',
  'qwertyuiopasdfg', 'qwertyuiopasdfgh', '123456789abcdef', 'abcdefghijklmno',
  'aaaaaaaaaaaaaaa', '111111111111111', '123456789012345', '1234567890123456',
]);
