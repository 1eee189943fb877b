// Run in the report's page by HtmlReportBrowserTest: for every chart, where each mark of each series
// landed, asked of ECharts itself, and whether the canvas holds the series' colour there. Counting
// drawn elements is not enough: a mark placed outside the plot area, or on an axis squeezed to
// nothing, is counted and invisible.
return Array.from(document.querySelectorAll('div.chart')).map(function (div) {
  var chart = echarts.getInstanceByDom(div);
  var rect = chart.getModel().getComponent('grid', 0).coordinateSystem.getRect();
  var dpr = window.devicePixelRatio || 1;
  var canvases = Array.from(div.querySelectorAll('canvas'));
  var pixels = canvases.map(function (c) { return c.getContext('2d').getImageData(0, 0, c.width, c.height); });

  function inside(p) {
    return p && isFinite(p[0]) && isFinite(p[1]) && p[0] >= rect.x - 1 && p[0] <= rect.x + rect.width + 1
      && p[1] >= rect.y - 1 && p[1] <= rect.y + rect.height + 1;
  }
  function rgb(css) {
    var m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(css || '');
    return m ? [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)] : null;
  }
  // Whether a pixel within 2 px of p is opaque and, where the series have colours, near one of them
  // (the mark's own, or that of a series drawn over it, as a fitted line over its points).
  function seen(p, colors) {
    for (var k = 0; k < pixels.length; k++) {
      var img = pixels[k];
      for (var dx = -2; dx <= 2; dx++) {
        for (var dy = -2; dy <= 2; dy++) {
          var x = Math.round((p[0] + dx) * dpr), y = Math.round((p[1] + dy) * dpr);
          if (x < 0 || y < 0 || x >= img.width || y >= img.height) { continue; }
          var i = (y * img.width + x) * 4, d = img.data;
          if (d[i + 3] < 128) { continue; }
          if (colors.some(function (c) { return !c || near(d, i, c); })) { return true; }
        }
      }
    }
    return false;
  }

  function near(d, i, c) {
    return Math.abs(d[i] - c[0]) < 48 && Math.abs(d[i + 1] - c[1]) < 48 && Math.abs(d[i + 2] - c[2]) < 48;
  }

  var option = chart.getOption();
  var colors = option.series.map(function (s) {
    return rgb(s.lineStyle && s.lineStyle.color) || rgb(s.itemStyle && s.itemStyle.color);
  });
  return {
    id: div.id,
    grid: [rect.x, rect.y, rect.width, rect.height],
    series: option.series.map(function (s, index) {
      var marks = 0, outside = 0, invisible = 0, tooShort = 0, firstOutside = null;
      var held = chart.getModel().getSeriesByIndex(index).getData();
      s.data.forEach(function (item, i) {
        var ends = s.type === 'lines' ? item.coords : [Array.isArray(item) ? item : item.value];
        var px = ends.map(function (e) { return chart.convertToPixel({ seriesIndex: index }, e); });
        if (s.type === 'bar') { // bars of several series share a category, each offset: its own rectangle's centre
          var r = held.getItemLayout(i);
          px = [[r.x + r.width / 2, r.y + r.height / 2]];
        }
        marks++;
        if (!px.every(inside)) { outside++; firstOutside = firstOutside || JSON.stringify(px); return; }
        var mid = px.length === 2 ? [(px[0][0] + px[1][0]) / 2, (px[0][1] + px[1][1]) / 2] : px[0];
        if (px.length === 2 && Math.abs(px[1][0] - px[0][0]) < 1) { tooShort++; return; }
        if (!seen(mid, colors.slice(index))) { invisible++; }
      });
      return { name: s.name, marks: marks, outside: outside, firstOutside: firstOutside, invisible: invisible, tooShort: tooShort };
    })
  };
});
