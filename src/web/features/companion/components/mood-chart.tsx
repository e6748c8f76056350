import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { MoodPoint } from '../../../../shared/api/companion.ts';

/** Intensity (1–10) and sentiment (-10–10) per analysed reflection, oldest first. */
export default function MoodChart({ moods }: { moods: MoodPoint[] }) {
  const data = moods.map((mood, index) => ({
    reflection: index + 1,
    intensity: mood.intensity,
    sentiment: mood.sentiment,
    feeling: mood.primary,
  }));
  return (
    <figure aria-label="Mood over time">
      <div className="h-48 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e5e0f0" />
            <XAxis dataKey="reflection" tick={{ fontSize: 12 }} />
            <YAxis domain={[-10, 10]} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Legend />
            <Line type="monotone" dataKey="intensity" name="Intensity" stroke="#b45309" />
            <Line type="monotone" dataKey="sentiment" name="Sentiment" stroke="#3b2d66" />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        {data
          .map(
            (point) =>
              `Reflection ${point.reflection}: ${point.feeling}, intensity ${point.intensity}, sentiment ${point.sentiment}`,
          )
          .join('. ')}
      </figcaption>
    </figure>
  );
}
