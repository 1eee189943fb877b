// Draws the charts the report specified (the data is computed in Java) and exposes, for tests,
// how many marks each chart drew for the points it was given.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('llmh-data').textContent);
  var drawn = [];

  function axis(type, name, extra) {
    var a = { type: type, name: name, nameLocation: 'middle', nameGap: 28, scale: type === 'value' };
    for (var k in extra) { a[k] = extra[k]; }
    return a;
  }

  function series(spec, s) {
    var base = { name: s.name, yAxisIndex: s.yAxis, animation: false };
    if (s.color) { base.itemStyle = { color: s.color }; base.lineStyle = { color: s.color }; }
    if (s.type === 'segment') {
      base.type = 'lines';
      base.coordinateSystem = 'cartesian2d';
      base.polyline = false;
      base.lineStyle = { color: s.color, width: 4, opacity: 0.9 };
      base.data = s.data.map(function (p) { return { coords: [[p[0], p[1]], [p[2], p[1]]] }; });
      return base;
    }
    if (s.type === 'bar') {
      base.type = 'bar';
      base.data = s.data.map(function (p) { return [spec.categories.indexOf(p[0]), p[1]]; });
      return base;
    }
    base.type = s.type === 'scatter' ? 'scatter' : 'line';
    if (s.type === 'step') { base.step = 'end'; }
    base.showSymbol = true;
    base.symbolSize = s.type === 'scatter' ? (spec.kind === 'timeline' ? 9 : 5) : 4;
    if (spec.kind === 'timeline' && s.type === 'scatter') { base.symbol = 'diamond'; }
    base.data = s.data;
    return base;
  }

  // ECharts leaves 'lines' series out of an axis's extent: a timeline of segments alone would get
  // the default axes and draw every request off the plot. Its extent is given from the data.
  function extent(spec) {
    var e = { x0: Infinity, x1: -Infinity, y1: 0 };
    spec.series.forEach(function (s) {
      s.data.forEach(function (p) {
        var end = p.length > 2 ? p[2] : p[0];
        e.x0 = Math.min(e.x0, p[0], end);
        e.x1 = Math.max(e.x1, p[0], end);
        e.y1 = Math.max(e.y1, p[1]);
      });
    });
    // the end rounded up to a half decade of the span, so the last tick is a round time
    var step = Math.pow(10, Math.floor(Math.log10(Math.max(e.x1 - e.x0, 1e-9)))) / 2;
    e.x1 = e.x0 + Math.ceil((e.x1 - e.x0) / step) * step;
    if (e.x1 <= e.x0) { e.x1 = e.x0 + 1; }
    return e;
  }

  function option(spec) {
    var right = spec.series.some(function (s) { return s.yAxis === 1; });
    var x = spec.kind === 'bar'
      ? axis('category', spec.xName, { data: spec.categories, axisLabel: { interval: 0, width: 140, overflow: 'truncate' } })
      : axis(spec.xLog ? 'log' : 'value', spec.xName, {});
    // A bar's length is its value: its axis starts at zero, or the smallest bar is cut to nothing.
    var y = [axis('value', spec.yName, { nameLocation: 'end', nameGap: 10, scale: spec.kind !== 'bar' })];
    if (spec.kind === 'timeline') {
      var e = extent(spec);
      x = axis('value', spec.xName, { min: e.x0, max: e.x1, axisLine: { onZero: false } });
      y[0] = axis('value', spec.yName, { inverse: true, min: -1, max: e.y1 + 1, minInterval: 1, nameLocation: 'start',
        nameGap: 10, axisLabel: { formatter: function (v) { return v < 0 || v > e.y1 ? '' : v; } } });
    }
    if (right) { y.push(axis('value', spec.y2Name, { nameLocation: 'end', nameGap: 10, splitLine: { show: false } })); }
    var all = spec.series.map(function (s) { return series(spec, s); });
    if (spec.markX !== undefined && spec.markX !== null && all.length) {
      all[0].markLine = { symbol: 'none', silent: true, lineStyle: { color: '#333', type: 'dashed' },
        label: { formatter: spec.markLabel + ' ' + spec.markX }, data: [{ xAxis: spec.markX }] };
    }
    return {
      animation: false,
      grid: { left: 64, right: right ? 64 : 24, top: 40, bottom: 44 },
      legend: { type: 'scroll', top: 0 },
      tooltip: { trigger: 'item' },
      xAxis: x,
      yAxis: y,
      series: all
    };
  }

  function count(chart) {
    return chart.getModel().getSeries().map(function (s) {
      var d = s.getData();
      var marks = 0;
      for (var i = 0; i < d.count(); i++) { if (d.getItemGraphicEl(i)) { marks++; } }
      return { name: s.name, held: d.count(), drawn: marks };
    });
  }

  function draw(spec, el, index) {
    var chart = echarts.init(el, null, { renderer: 'canvas' });
    chart.setOption(option(spec));
    drawn.push({ id: spec.id, chart: chart, spec: spec, index: index });
    drawn.sort(function (a, b) { return a.index - b.index; }); // in page order, however late a fold opened
  }

  // A chart folded away has no size until its fold opens: it is drawn then, once.
  data.charts.forEach(function (spec, index) {
    var el = document.getElementById(spec.id);
    var fold = el.closest('details');
    if (fold && !fold.open) {
      fold.addEventListener('toggle', function opened() {
        if (fold.open) {
          fold.removeEventListener('toggle', opened);
          draw(spec, el, index);
        }
      });
    } else {
      draw(spec, el, index);
    }
  });
  window.llmhCharts = data.charts.length;

  // For tests and the curious: per chart drawn, per series, the points given, held and drawn as marks.
  window.llmhMarks = function () {
    return drawn.map(function (c) {
      return {
        id: c.id,
        given: c.spec.series.map(function (s) { return s.data.length; }),
        series: count(c.chart),
        markX: c.spec.markX === undefined ? null : c.spec.markX,
        markLines: c.chart.getOption().series.filter(function (s) { return s.markLine && s.markLine.data && s.markLine.data.length; }).length
      };
    });
  };
  window.addEventListener('resize', function () { drawn.forEach(function (c) { c.chart.resize(); }); });
}());
