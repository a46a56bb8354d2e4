"""Reference figures for StatisticsTests.swift, computed once with SciPy 1.17.1.

Run: python3 Tests/NumericalTests/Reference/statistics_reference.py
The printed numbers are the ones committed in StatisticsTests.swift.
"""
from scipy import stats

x = [6.1, 7.3, 5.2, 8.0, 6.6, 7.9, 5.5, 6.8, 7.1, 4.9, 6.0, 7.7]
y = [62, 70, 55, 81, 66, 77, 60, 64, 73, 50, 61, 72]
r, p = stats.pearsonr(x, y)
fit = stats.linregress(x, y)
print(f"pearson r={r!r} p={p!r} slope={fit.slope!r} intercept={fit.intercept!r}")

weak_x = [1, 2, 3, 4, 5, 6, 7, 8]
weak_y = [3.1, 2.2, 4.0, 2.9, 3.8, 2.5, 3.6, 3.3]
r, p = stats.pearsonr(weak_x, weak_y)
print(f"weak r={r!r} p={p!r}")

with_ = [5.1, 4.2, 6.3, 3.9, 4.8, 5.5]
without = [6.9, 7.2, 5.8, 7.5, 6.6, 8.1, 7.0, 6.4]
test = stats.ttest_ind(with_, without, equal_var=False)
ci = test.confidence_interval(0.95)
print(f"welch t={test.statistic!r} p={test.pvalue!r} df={test.df!r} low={ci.low!r} high={ci.high!r}")

print(f"t sf2 t=2.1 df=7.5: {2 * stats.t.sf(2.1, 7.5)!r}")
print(f"t ppf 0.975 df=9.3: {stats.t.ppf(0.975, 9.3)!r}")
print(f"betainc(2.5, 4, 0.3): {__import__('scipy.special').special.betainc(2.5, 4, 0.3)!r}")
