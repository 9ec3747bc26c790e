<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/about.py" line="41"/>
        <source>About idphoto</source>
        <translation>关于 idphoto</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/about.py" line="44"/>
        <source>Version %1</source>
        <translation>版本 %1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/about.py" line="68"/>
        <source>An offline ID-photo studio: cut-out, standard crop, checks and print sheets. Nothing leaves this computer.</source>
        <translation>离线证件照工作室：抠图、标准裁剪、合规检查与排版打印。所有处理都在本机完成，照片不会离开这台电脑。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/about.py" line="70"/>
        <source>idphoto is free software: you can redistribute it and/or modify it under the terms of the GNU General Public License, version 3 or (at your option) any later version.</source>
        <translation>idphoto 是自由软件：您可以依据 GNU 通用公共许可证第 3 版（或您选择的任何更高版本）再发布和/或修改它。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/about.py" line="72"/>
        <source>Full licence texts are in %1 and in models/licenses.</source>
        <translation>完整许可证文本位于 %1 和 models/licenses。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/about.py" line="73"/>
        <source>Bundled models</source>
        <translation>内置模型</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/about.py" line="73"/>
        <source>Third-party components</source>
        <translation>第三方组件</translation>
    </message>
</context>
<context>
    <name>Actions</name>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="66"/>
        <source>Clear finished customers</source>
        <translation>清除已完成的顾客</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="64"/>
        <source>Orders…</source>
        <translation>订单…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="63"/>
        <source>Open photos…</source>
        <translation>打开照片…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="63"/>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="63"/>
        <source>Save photo…</source>
        <translation>保存照片…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="63"/>
        <source>Camera</source>
        <translation>拍照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="64"/>
        <source>Save sheet…</source>
        <translation>保存排版…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="64"/>
        <source>Print…</source>
        <translation>打印…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="64"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="64"/>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="64"/>
        <source>Sheet composer…</source>
        <translation>排版组合…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="65"/>
        <source>Next photo</source>
        <translation>下一张</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="65"/>
        <source>Previous photo</source>
        <translation>上一张</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="65"/>
        <source>Close photo</source>
        <translation>关闭照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="67"/>
        <source>Automatic crop</source>
        <translation>自动裁剪</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="67"/>
        <source>Choose template…</source>
        <translation>选择规格…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="67"/>
        <source>Guides</source>
        <translation>参考线</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="68"/>
        <source>Original</source>
        <translation>原图</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="68"/>
        <source>Cancel analysis</source>
        <translation>取消分析</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="68"/>
        <source>Settings…</source>
        <translation>设置…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="69"/>
        <source>中文 / English</source>
        <translation>中文 / English</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="69"/>
        <source>About idphoto</source>
        <translation>关于 idphoto</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="69"/>
        <source>Full screen</source>
        <translation>全屏</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="70"/>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
</context>
<context>
    <name>AdjustPanel</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/adjust_panel.py" line="84"/>
        <source>Zoom</source>
        <translation>缩放</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/adjust_panel.py" line="85"/>
        <source>Rotate</source>
        <translation>旋转</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/adjust_panel.py" line="86"/>
        <source>Undo (Ctrl+Z)</source>
        <translation>撤销 (Ctrl+Z)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/adjust_panel.py" line="87"/>
        <source>Redo (Ctrl+Shift+Z)</source>
        <translation>重做 (Ctrl+Shift+Z)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/adjust_panel.py" line="88"/>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/adjust_panel.py" line="89"/>
        <source>Back to the automatic crop</source>
        <translation>恢复自动裁剪</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/adjust_panel.py" line="90"/>
        <source>Drag the photo to move it, scroll to zoom. Drag the top-of-head or chin line if a hat, hair or a beard misleads it.</source>
        <translation>拖动照片可移动，滚轮可缩放。如帽子、头发或胡子影响了判断，可拖动头顶线或下巴线。</translation>
    </message>
</context>
<context>
    <name>BackgroundPage</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="86"/>
        <source>Choose the background colour</source>
        <translation>选择背景颜色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="87"/>
        <source>Back</source>
        <translation>返回</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="88"/>
        <source>Only the colours this document allows are shown.</source>
        <translation>只显示此证件允许的颜色。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="89"/>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
</context>
<context>
    <name>CameraMode</name>
    <message>
        <location filename="../../idphoto_gui/qt/window/camera_mode.py" line="66"/>
        <source>The camera cannot be used</source>
        <translation>无法使用摄像头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/camera_mode.py" line="67"/>
        <source>The camera support of this system is missing; import photos instead.</source>
        <translation>本系统缺少摄像头支持；请改为导入照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/camera_mode.py" line="77"/>
        <source>Camera photo</source>
        <translation>拍摄的照片</translation>
    </message>
</context>
<context>
    <name>CameraStep</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/camera_step.py" line="84"/>
        <source>The photographer takes your photo now. It appears here in a moment.</source>
        <translation>摄影师正在为您拍照，照片稍后会显示在这里。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/camera_step.py" line="131"/>
        <source>Look at the camera</source>
        <translation>请看摄像头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/camera_step.py" line="135"/>
        <source>Follow the hints, then press the red button. After 3-2-1 we take three photos and keep the best.</source>
        <translation>按提示调整姿势，再按红色按钮。倒数 3-2-1 后连拍三张，选出最好的。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/camera_step.py" line="133"/>
        <source>Look at the photographer&apos;s camera and keep still.</source>
        <translation>请看摄影师的相机，保持不动。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/camera_step.py" line="137"/>
        <source>Back</source>
        <translation>返回</translation>
    </message>
</context>
<context>
    <name>CapturePage</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="129"/>
        <source>Mirror</source>
        <translation>镜像</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="130"/>
        <source>Show the live picture like a mirror (the photo is never mirrored)</source>
        <translation>实时画面像镜子一样显示（拍出的照片不会被镜像）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="131"/>
        <source>Timer 3 s</source>
        <translation>3 秒倒计时</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="132"/>
        <source>Count down 3-2-1 before taking the photo</source>
        <translation>拍照前倒数 3-2-1</translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="133"/>
        <source>Best of %n</source>
        <translation>
            <numerusform>%n 张选优</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="134"/>
        <source>Take a short burst and keep the sharpest photo</source>
        <translation>连拍几张，保留最清晰的一张</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="135"/>
        <source>Choose the camera</source>
        <translation>选择摄像头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="136"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="136"/>
        <source>Capture</source>
        <translation>拍照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="137"/>
        <source>Take the photo (Space)</source>
        <translation>拍照（空格键）</translation>
    </message>
</context>
<context>
    <name>ClothingPage</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/clothing.py" line="102"/>
        <source>Choose your clothing</source>
        <translation>选择服装</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/clothing.py" line="103"/>
        <source>A formal garment can be put on your photo; your face and hair stay as they are.</source>
        <translation>可以为照片换上正装；面部和头发保持不变。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/clothing.py" line="104"/>
        <source>Back</source>
        <translation>返回</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/clothing.py" line="105"/>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/clothing.py" line="108"/>
        <source>My own clothing</source>
        <translation>本人服装</translation>
    </message>
</context>
<context>
    <name>ClothingPicker</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/clothing_picker.py" line="85"/>
        <location filename="../../idphoto_gui/qt/widgets/clothing_picker.py" line="124"/>
        <source>None (own clothing)</source>
        <translation>无（本人服装）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/clothing_picker.py" line="125"/>
        <source>Put a formal garment on the photo; the head is never changed</source>
        <translation>为照片换上正装；头部绝不改动</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/clothing_picker.py" line="137"/>
        <source>This document must show your own clothing: no garment may be put on.</source>
        <translation>此证件须显示本人服装：不能换装。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/clothing_picker.py" line="139"/>
        <source>The photo is cut close below the chin: put on a garment rather than paint the shoulders in.</source>
        <translation>照片在下巴下方裁得太紧：请换上服装，而不是补画肩部。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/clothing_picker.py" line="126"/>
        <source>The studio&apos;s own garments</source>
        <translation>影楼自己的服装</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/clothing_picker.py" line="127"/>
        <source>Fit this garment…</source>
        <translation>调整此服装…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/clothing_picker.py" line="128"/>
        <source>Make a garment from this photo…</source>
        <translation>用这张照片制作服装…</translation>
    </message>
</context>
<context>
    <name>ColourSwatches</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="245"/>
        <source>Custom colour…</source>
        <translation>自定义颜色…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="137"/>
        <source>Recent</source>
        <translation>最近使用</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="136"/>
        <source>More colours…</source>
        <translation>更多颜色…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="231"/>
        <source>The photo&apos;s own background (crop only, no cut-out)</source>
        <translation>照片原背景（只裁剪，不抠图）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="232"/>
        <source>what this authority asks for</source>
        <translation>该机构的要求</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="234"/>
        <source>allowed by this template</source>
        <translation>该规格允许的颜色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="268"/>
        <source>Background colour</source>
        <translation>背景颜色</translation>
    </message>
</context>
<context>
    <name>CompliancePanel</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/compliance_panel.py" line="166"/>
        <source>Checks appear here once a photo is analysed.</source>
        <translation>照片分析完成后，检查结果会显示在这里。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/widgets/compliance_panel.py" line="176"/>
        <source>Does not meet the rules: %n problem(s)</source>
        <translation>
            <numerusform>不符合要求：%n 个问题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/widgets/compliance_panel.py" line="179"/>
        <source>Check %n item(s) before printing</source>
        <translation>
            <numerusform>打印前请检查 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/compliance_panel.py" line="182"/>
        <source>Meets the template&apos;s rules</source>
        <translation>符合该规格的要求</translation>
    </message>
</context>
<context>
    <name>DocumentsPage</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/pages.py" line="176"/>
        <source>Which photo do you need?</source>
        <translation>您需要哪种照片？</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/pages.py" line="177"/>
        <source>Back</source>
        <translation>返回</translation>
    </message>
</context>
<context>
    <name>EmptyState</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/empty_state.py" line="63"/>
        <source>Drop photos here</source>
        <translation>把照片拖到这里</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/empty_state.py" line="64"/>
        <source>JPEG, PNG, HEIC, TIFF or WebP — several photos or a whole folder at once</source>
        <translation>支持 JPEG、PNG、HEIC、TIFF、WebP —— 可一次导入多张照片或整个文件夹</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/empty_state.py" line="65"/>
        <source>Open photos…</source>
        <translation>打开照片…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/empty_state.py" line="66"/>
        <source>Open photos (Ctrl+O)</source>
        <translation>打开照片 (Ctrl+O)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/empty_state.py" line="67"/>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/empty_state.py" line="68"/>
        <source>Paste a photo from the clipboard (Ctrl+V)</source>
        <translation>从剪贴板粘贴照片 (Ctrl+V)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/empty_state.py" line="69"/>
        <source>1  Open a photo    2  Pick the template and background    3  Save or print</source>
        <translation>1  打开照片    2  选择规格和背景色    3  保存或打印</translation>
    </message>
</context>
<context>
    <name>ExportActions</name>
    <message>
        <location filename="../../idphoto_gui/qt/window/export_actions.py" line="110"/>
        <source>The print dialog opens when it is ready.</source>
        <translation>准备好后会自动打开打印对话框。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/export_actions.py" line="101"/>
        <source>Contact sheet</source>
        <translation>总览页</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/export_actions.py" line="109"/>
        <source>Preparing the sheet…</source>
        <translation>正在准备排版…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/export_actions.py" line="120"/>
        <source>Sent to the printer</source>
        <translation>已发送到打印机</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/export_actions.py" line="121"/>
        <source>The sheet was sent at true size.</source>
        <translation>排版已按实际尺寸发送。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/export_actions.py" line="130"/>
        <source>Saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/export_actions.py" line="131"/>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
</context>
<context>
    <name>ExportPanel</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="121"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="122"/>
        <source>Resolution</source>
        <translation>分辨率</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="123"/>
        <source>File size cap</source>
        <translation>文件大小上限</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="125"/>
        <source>No limit</source>
        <translation>不限制</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="126"/>
        <source>Upload portals often limit the file size; 0 means no limit.</source>
        <translation>报名网站常限制文件大小；0 表示不限制。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="127"/>
        <source>Save photo…</source>
        <translation>保存照片…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="128"/>
        <source>Save the ID photo (Ctrl+S)</source>
        <translation>保存证件照 (Ctrl+S)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="129"/>
        <source>Save transparent cut-out…</source>
        <translation>保存透明背景抠图…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="130"/>
        <source>Print sheet</source>
        <translation>排版打印</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="131"/>
        <source>Paper</source>
        <translation>相纸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="132"/>
        <source>Copies</source>
        <translation>张数</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="133"/>
        <source>Fill the sheet</source>
        <translation>排满整张</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="134"/>
        <source>Save sheet…</source>
        <translation>保存排版…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="135"/>
        <source>Print…</source>
        <translation>打印…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="136"/>
        <source>Print the sheet at true size (Ctrl+P)</source>
        <translation>按实际尺寸打印排版 (Ctrl+P)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="137"/>
        <source>Save the print sheet as JPEG, PNG or PDF (Ctrl+Shift+S)</source>
        <translation>将排版保存为 JPEG、PNG 或 PDF (Ctrl+Shift+S)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="138"/>
        <source>Sheet…</source>
        <translation>组合排版…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="139"/>
        <source>Compose a sheet of several photos and sizes (Ctrl+M)</source>
        <translation>把多张照片、多种尺寸排到一张相纸上 (Ctrl+M)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="140"/>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="141"/>
        <source>Print preview at true size</source>
        <translation>按实际尺寸预览打印</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="142"/>
        <source>Contact sheet of all photos…</source>
        <translation>全部照片总览页…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="143"/>
        <source>Thumbnails of every photo in the strip with its name and worst check</source>
        <translation>照片栏中每张照片的缩略图，附文件名和最严重的检查结果</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="145"/>
        <source>A PNG with a transparent background, same crop</source>
        <translation>透明背景的 PNG，裁剪相同</translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="174"/>
        <source>%n photo(s) on this sheet</source>
        <translation>
            <numerusform>本张可排 %n 张</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FailGate</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="27"/>
        <source>This photo does not meet the rules</source>
        <translation>这张照片不符合要求</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="28"/>
        <source>Check this photo before you go on</source>
        <translation>继续之前请检查这张照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="30"/>
        <source>The checks found problems:</source>
        <translation>检查发现以下问题：</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="34"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="50"/>
        <source>: </source>
        <translation>：</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="71"/>
        <source>Print anyway</source>
        <translation>仍然打印</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="73"/>
        <source>Save anyway</source>
        <translation>仍然保存</translation>
    </message>
</context>
<context>
    <name>FileDialogs</name>
    <message>
        <location filename="../../idphoto_gui/qt/common/file_dialogs.py" line="59"/>
        <source>Images</source>
        <translation>图片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/file_dialogs.py" line="59"/>
        <source>All files</source>
        <translation>所有文件</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/file_dialogs.py" line="60"/>
        <source>Open photos</source>
        <translation>打开照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/file_dialogs.py" line="73"/>
        <source>Save ID photo</source>
        <translation>保存证件照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/file_dialogs.py" line="76"/>
        <source>Save transparent cut-out</source>
        <translation>保存透明背景抠图</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/file_dialogs.py" line="78"/>
        <source>Save contact sheet</source>
        <translation>保存总览页</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/file_dialogs.py" line="81"/>
        <source>Save print sheet</source>
        <translation>保存排版</translation>
    </message>
</context>
<context>
    <name>FittingDialog</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="174"/>
        <source>Fit garment: %1</source>
        <translation>调整服装：%1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="175"/>
        <source>Drag the points onto the garment: red, the collar&apos;s front; blue, the collar&apos;s inner corners beside the neck; orange, the shoulder tips.</source>
        <translation>把各点拖到服装上：红点为领口前端；蓝点为脖子两侧的领口内角；橙点为两肩端点。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="177"/>
        <source>Find the points again</source>
        <translation>重新自动查找各点</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="178"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="179"/>
        <source>For</source>
        <translation>适用</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="180"/>
        <source>Men</source>
        <translation>男士</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="180"/>
        <source>Women</source>
        <translation>女士</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="180"/>
        <source>Children</source>
        <translation>儿童</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="182"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="183"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="204"/>
        <source>The collar&apos;s inner corners must be apart (the neck goes between them).</source>
        <translation>两个领口内角必须分开（脖子在两者之间）。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="206"/>
        <source>The collar&apos;s front must lie between its inner corners.</source>
        <translation>领口前端必须位于两个内角之间。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="208"/>
        <source>The collar&apos;s front must be at or below its inner corners.</source>
        <translation>领口前端必须与内角齐平或在其下方。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="210"/>
        <source>The shoulders must be wider than twice the neck&apos;s opening.</source>
        <translation>肩宽必须大于领口宽度的两倍。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="231"/>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
</context>
<context>
    <name>GarmentFolder</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="46"/>
        <source>%1 has no transparency: save it as a PNG whose background and neck opening are transparent.</source>
        <translation>%1 没有透明区域：请另存为背景和领口透明的 PNG。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="48"/>
        <source>%1 is empty: the whole picture is transparent.</source>
        <translation>%1 是空的：整张图都是透明的。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="49"/>
        <source>%1: no neck opening was found. Make the neck&apos;s opening transparent, or set its anchors with Fit…</source>
        <translation>%1：未找到领口。请把领口处设为透明，或用“调整此服装…”手动设置各点。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="51"/>
        <source>%1 is missing: its description (JSON) has no picture beside it.</source>
        <translation>缺少 %1：其说明文件（JSON）旁没有对应图片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="52"/>
        <source>%1: its description (JSON) cannot be read; fit the garment again to rewrite it.</source>
        <translation>%1：说明文件（JSON）无法读取；请重新调整该服装以重写。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="60"/>
        <source>%n garment(s) in this folder.</source>
        <translation>
            <numerusform>此文件夹中有 %n 件服装。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="66"/>
        <source>…and %1 more.</source>
        <translation>…另有 %1 个。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="67"/>
        <source>%n file(s) cannot be used:</source>
        <translation>
            <numerusform>%n 个文件无法使用：</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GarmentFolderRow</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="113"/>
        <source>This folder does not exist.</source>
        <translation>此文件夹不存在。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="116"/>
        <source>Reading the folder…</source>
        <translation>正在读取文件夹…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="125"/>
        <source>Only the built-in garments are offered.</source>
        <translation>仅提供内置服装。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="136"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="137"/>
        <source>A folder of garment PNGs (transparent background and neck)</source>
        <translation>存放服装 PNG 的文件夹（背景和领口透明）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="151"/>
        <source>Garments folder</source>
        <translation>服装文件夹</translation>
    </message>
</context>
<context>
    <name>GarmentHooks</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="29"/>
        <source>No face was found: a garment is cut below the chin, so use a photo of a person or a mannequin whose face shows.</source>
        <translation>未找到人脸：服装从下巴以下裁出，请使用能看到人或模特面部的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="33"/>
        <source>The photo ends %1 face heights below the chin; a garment needs %2 (%3 px more). Use a photo taken from farther away that shows the shoulders and the chest.</source>
        <translation>照片只到下巴以下 %1 个脸高；制作服装需要 %2 个（还差 %3 像素）。请使用离远一些、能拍到肩膀和胸部的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="39"/>
        <source>A garment of that name is already in the folder: choose another name (nothing was replaced).</source>
        <translation>文件夹中已有同名服装：请换个名称（未替换任何文件）。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="133"/>
        <source>This garment cannot be fitted</source>
        <translation>无法调整此服装</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="146"/>
        <source>Choose the studio&apos;s garment folder</source>
        <translation>选择影楼的服装文件夹</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="169"/>
        <source>Garment made: %1</source>
        <translation>服装已制作：%1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="176"/>
        <source>It is in the Clothing list; Fit this garment… adjusts its points.</source>
        <translation>已加入服装列表；可用“调整此服装…”微调各点。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="183"/>
        <source>No garment was made</source>
        <translation>未能制作服装</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="185"/>
        <source>Making the garment…</source>
        <translation>正在制作服装…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="171"/>
        <source>%1 % of it is coloured like skin: bare arms or a hand would be pasted on with it. Look at it before using it, or use a photo of the garment on a mannequin.</source>
        <translation>其中 %1% 的颜色像皮肤：裸露的手臂或手会一起被贴上。使用前请先查看，或改用穿在模特上的服装照片。</translation>
    </message>
</context>
<context>
    <name>HotFolder</name>
    <message>
        <location filename="../../idphoto_gui/qt/common/hot_folder.py" line="152"/>
        <source>Watching the folder again</source>
        <translation>已恢复监视文件夹</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/hot_folder.py" line="154"/>
        <source>The watched folder is gone</source>
        <translation>监视的文件夹不见了</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/hot_folder.py" line="155"/>
        <source>%1 cannot be read. New photos are picked up again as soon as it is back.</source>
        <translation>无法读取 %1。文件夹恢复后会继续接收新照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/hot_folder.py" line="145"/>
        <source>A photo in the watched folder cannot be read</source>
        <translation>监视文件夹中有一张照片无法读取</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/hot_folder.py" line="146"/>
        <source>%1 is damaged or incomplete and was skipped. Save it again from the camera software, or take the photo again.</source>
        <translation>%1 已损坏或不完整，已跳过。请在相机软件中重新保存，或重新拍摄。</translation>
    </message>
</context>
<context>
    <name>KioskText</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="52"/>
        <source>No camera: connect a webcam, or choose a camera or the camera software&apos;s folder under Staff -&gt; Camera.</source>
        <translation>没有相机：请连接摄像头，或在“工作人员 -&gt; 相机”中选择相机或联机软件的文件夹。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="50"/>
        <source>The camera is not working right now. Please ask a member of staff for help.</source>
        <translation>摄像头暂时无法使用，请联系工作人员。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="54"/>
        <source>The camera was disconnected. Please ask a member of staff for help.</source>
        <translation>摄像头已断开，请联系工作人员。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="55"/>
        <source>The camera was unplugged during a session.</source>
        <translation>拍摄过程中摄像头被拔出。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="56"/>
        <source>The printer is not available. Please ask a member of staff for help.</source>
        <translation>打印机不可用，请联系工作人员。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="57"/>
        <source>No printer: check the printer name or the PDF folder.</source>
        <translation>没有打印机：请检查打印机名称或 PDF 文件夹。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="58"/>
        <source>The printer did not accept your photos. Please ask a member of staff for help.</source>
        <translation>打印机未能接受打印任务，请联系工作人员。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="60"/>
        <source>The printer refused a job: check paper, ink and the queue.</source>
        <translation>打印机拒绝了任务：请检查相纸、墨水和打印队列。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="64"/>
        <source>Your photo could not be checked. Please try again.</source>
        <translation>无法检查您的照片，请再试一次。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="65"/>
        <source>A photo could not be analysed (see the log).</source>
        <translation>一张照片无法分析（见日志）。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="72"/>
        <source>Something went wrong. Please ask a member of staff for help.</source>
        <translation>出现问题，请联系工作人员。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="61"/>
        <source>Your photo could not be read. Please try again.</source>
        <translation>无法读取您的照片，请重试。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="62"/>
        <source>The camera software wrote a photo that cannot be read (damaged or cut short): check the tethering software and its folder.</source>
        <translation>相机软件写入的照片无法读取（已损坏或不完整）：请检查联机拍摄软件及其文件夹。</translation>
    </message>
</context>
<context>
    <name>KioskWindow</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="194"/>
        <source>Checking your photo…</source>
        <translation>正在检查照片…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="194"/>
        <source>This takes a few seconds.</source>
        <translation>需要几秒钟。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="269"/>
        <source>Printing…</source>
        <translation>正在打印…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="269"/>
        <source>Your photos are being printed.</source>
        <translation>正在打印您的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="284"/>
        <source>Thank you!</source>
        <translation>谢谢！</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="284"/>
        <source>Take your photos from the printer.</source>
        <translation>请从打印机取走照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="285"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="315"/>
        <source>Sorry</source>
        <translation>抱歉</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="315"/>
        <source>Start again</source>
        <translation>重新开始</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="315"/>
        <source>Try again</source>
        <translation>再试一次</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/clothing_flow.py" line="61"/>
        <source>One moment…</source>
        <translation>请稍候…</translation>
    </message>
</context>
<context>
    <name>LiveView</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="102"/>
        <source>Look into the camera</source>
        <translation>请看镜头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="103"/>
        <source>Only one person in the picture, please</source>
        <translation>画面中请只保留一个人</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="106"/>
        <source>Face the camera straight on</source>
        <translation>请正对镜头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="107"/>
        <source>Move closer</source>
        <translation>请靠近一点</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="108"/>
        <source>Move back a little</source>
        <translation>请稍微后退</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="109"/>
        <source>Move to your left</source>
        <translation>请向您的左侧移动</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="110"/>
        <source>Move to your right</source>
        <translation>请向您的右侧移动</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="111"/>
        <source>Move up a little</source>
        <translation>请稍微抬高</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="112"/>
        <source>Move down a little</source>
        <translation>请稍微放低</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="113"/>
        <source>Keep your head level</source>
        <translation>请保持头部端正</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="114"/>
        <source>Too dark: add light in front of you</source>
        <translation>太暗了：请在正前方补光</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="115"/>
        <source>Too bright: soften the light</source>
        <translation>太亮了：请调柔光线</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="116"/>
        <source>Hold still</source>
        <translation>请保持不动</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="117"/>
        <source>Ready! Press Space or tap Capture</source>
        <translation>准备好了！按空格键或点击“拍照”</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="124"/>
        <source>No camera found</source>
        <translation>未找到摄像头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="125"/>
        <source>Connect a camera and it will appear here. You can still import photos from files.</source>
        <translation>连接摄像头后会显示在这里。您仍可以从文件导入照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="127"/>
        <source>Camera access is turned off</source>
        <translation>摄像头权限已关闭</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="128"/>
        <source>Allow idphoto to use the camera in the system privacy settings, then come back to this page.</source>
        <translation>请在系统隐私设置中允许 idphoto 使用摄像头，然后回到此页面。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="130"/>
        <source>The camera was disconnected</source>
        <translation>摄像头已断开</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="131"/>
        <source>Plug it in again, or choose another camera below.</source>
        <translation>请重新插上，或在下方选择其他摄像头。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="132"/>
        <source>Plug it in again: the picture comes back by itself.</source>
        <translation>请重新插上摄像头，画面会自动恢复。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="133"/>
        <source>The camera is not responding</source>
        <translation>摄像头没有响应</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="134"/>
        <source>Another program may be using it. Close it and try again.</source>
        <translation>可能有其他程序正在使用它。请关闭该程序后重试。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="135"/>
        <source>The photo could not be taken</source>
        <translation>未能拍摄照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="135"/>
        <source>Please try again.</source>
        <translation>请重试。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="137"/>
        <source>Camera problem</source>
        <translation>摄像头故障</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="156"/>
        <source>Starting the camera…</source>
        <translation>正在启动摄像头…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="194"/>
        <source>Eyes</source>
        <translation>眼睛</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="246"/>
        <source>Choose a photo size to see the guide</source>
        <translation>选择照片规格后显示引导框</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="248"/>
        <source>Live guide unavailable; you can still take photos</source>
        <translation>实时引导不可用；仍可拍照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="250"/>
        <source>Looking for a face…</source>
        <translation>正在寻找人脸…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="104"/>
        <source>Both of you, please: sit side by side in front of the camera</source>
        <translation>请两人一起入镜：并肩坐在镜头前</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="105"/>
        <source>Heads level: the taller one lean in, the shorter one sit up</source>
        <translation>两人头部对齐：高的一方向中间靠，矮的一方坐直</translation>
    </message>
</context>
<context>
    <name>LookPanel</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="96"/>
        <source>Automatic light and colour</source>
        <translation>自动校正光线和颜色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="97"/>
        <source>Exposure and white balance from the face&apos;s own skin and the neutral clothing and background</source>
        <translation>曝光和白平衡依据本人面部皮肤以及中性色的衣服和背景自动调整</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="99"/>
        <source>Brightness</source>
        <translation>亮度</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="99"/>
        <source>Contrast</source>
        <translation>对比度</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="100"/>
        <source>Warmth</source>
        <translation>色温</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="100"/>
        <source>Retouch</source>
        <translation>修饰</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="103"/>
        <source>Skin smoothing that keeps pores, blemish removal and under-eye lightening; the face is never reshaped</source>
        <translation>保留毛孔的磨皮、祛痘祛斑、淡化黑眼圈；绝不改变脸型</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="105"/>
        <source>Compare before and after</source>
        <translation>对比修饰前后</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="106"/>
        <source>Hold B to see the photo as taken.</source>
        <translation>按住 B 键查看原始效果。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="111"/>
        <source>This document allows no retouching: only light and colour may be corrected.</source>
        <translation>此证件不允许修饰照片，只能校正光线和颜色。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="112"/>
        <source>This document allows blemish removal only; the skin is not smoothed.</source>
        <translation>此证件只允许去除瑕疵，不做磨皮。</translation>
    </message>
</context>
<context>
    <name>MainUi</name>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="194"/>
        <source>Clothing</source>
        <translation>服装</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="179"/>
        <source>Add photos (Ctrl+O)</source>
        <translation>添加照片 (Ctrl+O)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="180"/>
        <source>Photo</source>
        <translation>证件照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="181"/>
        <source>Print sheet</source>
        <translation>排版打印</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="182"/>
        <source>The finished ID photo</source>
        <translation>制作完成的证件照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="183"/>
        <source>The print sheet as it will be printed</source>
        <translation>打印出来的排版效果</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="184"/>
        <source>Guides</source>
        <translation>参考线</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="185"/>
        <source>Show head-height, eye-line and centre guides (G)</source>
        <translation>显示头高、眼线和中线参考线 (G)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="186"/>
        <source>Painted</source>
        <translation>补画区域</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="187"/>
        <source>Outline what was painted in past the photo&apos;s edge</source>
        <translation>标出照片边缘之外补画的部分</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="188"/>
        <source>Original</source>
        <translation>原图</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="189"/>
        <source>Show the original photo beside the result (O)</source>
        <translation>在成品旁显示原图 (O)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="190"/>
        <source>Close photo</source>
        <translation>关闭照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="191"/>
        <source>The print sheet appears here once a photo is ready.</source>
        <translation>照片制作完成后，排版会显示在这里。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="192"/>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="192"/>
        <source>Background</source>
        <translation>背景</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="192"/>
        <source>Adjust</source>
        <translation>调整</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="193"/>
        <source>Checks</source>
        <translation>检查</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="193"/>
        <source>Save and print</source>
        <translation>保存与打印</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="193"/>
        <source>Light and retouch</source>
        <translation>光线与修饰</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="197"/>
        <source>Before</source>
        <translation>修饰前</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="197"/>
        <source>After</source>
        <translation>修饰后</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../idphoto_gui/qt/window/main_window.py" line="87"/>
        <source>The preferences file could not be read</source>
        <translation>无法读取偏好设置文件</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/main_window.py" line="85"/>
        <source>It was kept as %1. The default preferences are used.</source>
        <translation>原文件已另存为 %1。现使用默认偏好设置。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/main_window.py" line="86"/>
        <source>The default preferences are used.</source>
        <translation>现使用默认偏好设置。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/main_window.py" line="197"/>
        <source>Pasted photo</source>
        <translation>粘贴的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/main_window.py" line="199"/>
        <source>Nothing to paste</source>
        <translation>剪贴板中没有照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/main_window.py" line="200"/>
        <source>Copy a photo or an image file first.</source>
        <translation>请先复制一张照片或图片文件。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/main_window.py" line="216"/>
        <source>Dropped photo</source>
        <translation>拖入的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/main_window.py" line="362"/>
        <source>idphoto — ID photo studio</source>
        <translation>idphoto — 证件照工作室</translation>
    </message>
</context>
<context>
    <name>MakeDialog</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="50"/>
        <source>Make a garment from this photo</source>
        <translation>用这张照片制作服装</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="53"/>
        <source>Men</source>
        <translation>男士</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="53"/>
        <source>Women</source>
        <translation>女士</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="53"/>
        <source>Children</source>
        <translation>儿童</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="56"/>
        <source>The clothing below the collar is cut out of the photo (the head and the neck left transparent) and saved in %1 as a PNG with its anchors.</source>
        <translation>将从照片中裁出领口以下的服装（头部和脖子留为透明），连同定位点保存为 PNG，存放于 %1。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="61"/>
        <source>Make</source>
        <translation>制作</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="62"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="66"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="67"/>
        <source>For</source>
        <translation>适用</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="79"/>
        <source>Use letters, digits, &apos;-&apos; and &apos;_&apos; for the name (it names the files).</source>
        <translation>名称只能使用字母、数字、“-”和“_”（它将作为文件名）。</translation>
    </message>
</context>
<context>
    <name>Names</name>
    <message>
        <location filename="../../idphoto_gui/qt/common/names.py" line="81"/>
        <source>%1 × %2 px</source>
        <translation>%1 × %2 像素</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/names.py" line="74"/>
        <source>%1 × %2 mm</source>
        <translation>%1 × %2 毫米</translation>
    </message>
</context>
<context>
    <name>OperatorPage</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="275"/>
        <source>Camera software&apos;s folder (below)</source>
        <translation>相机联机软件的文件夹（见下）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="278"/>
        <source>Where EOS Utility, NX Tether, Capture One … save each shot</source>
        <translation>EOS Utility、NX Tether、Capture One 等保存照片的文件夹</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="327"/>
        <source>Camera</source>
        <translation>相机</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="327"/>
        <source>Camera software&apos;s folder</source>
        <translation>联机软件文件夹</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="226"/>
        <source>Full sheet</source>
        <translation>整版</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="235"/>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="272"/>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="319"/>
        <source>Kiosk settings</source>
        <translation>自助机设置</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="320"/>
        <source>Documents offered</source>
        <translation>提供的证件</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="320"/>
        <source>Printer</source>
        <translation>打印机</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="321"/>
        <source>Or print to PDF files in folder</source>
        <translation>或打印为 PDF 文件，保存到文件夹</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="321"/>
        <source>Paper</source>
        <translation>相纸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="322"/>
        <source>Copies offered</source>
        <translation>可选张数</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="322"/>
        <source>Colours offered</source>
        <translation>可选颜色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="323"/>
        <source>Start language</source>
        <translation>起始语言</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="323"/>
        <source>Inactivity timeout (s)</source>
        <translation>无操作超时（秒）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="324"/>
        <source>Warning before reset (s)</source>
        <translation>重置前提醒（秒）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="324"/>
        <source>Keep counters in kiosk.json</source>
        <translation>在 kiosk.json 中保存计数</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="325"/>
        <source>Correct light and colour automatically</source>
        <translation>自动校正光线和颜色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="326"/>
        <source>Retouch strength (0 = off; only documents that allow it)</source>
        <translation>修饰强度（0 = 关闭；限可修饰的证件）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="330"/>
        <source>Customers %1 · photos %2 · prints %3 · blocked %4 · faults %5</source>
        <translation>顾客 %1 · 拍照 %2 · 打印 %3 · 拦截 %4 · 故障 %5</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="336"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="336"/>
        <source>Change PIN</source>
        <translation>修改密码</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="336"/>
        <source>Reset counters</source>
        <translation>计数清零</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="337"/>
        <source>Quit kiosk</source>
        <translation>退出自助机</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="337"/>
        <source>Back to customers</source>
        <translation>返回顾客界面</translation>
    </message>
</context>
<context>
    <name>OrderDesk</name>
    <message>
        <location filename="../../idphoto_gui/qt/window/order_desk.py" line="68"/>
        <source>The order book could not be read. It was kept as %1 and a new one started; earlier orders are in the kept file.</source>
        <translation>无法读取订单簿。原文件已另存为 %1，并已新建订单簿；以前的订单在另存的文件中。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/order_desk.py" line="80"/>
        <source>The order book %1 cannot be opened, so saves and prints are not recorded. Check that the settings folder is writable, then restart idphoto.</source>
        <translation>无法打开订单簿 %1，保存和打印将不会被记录。请确认设置文件夹可写入，然后重新启动 idphoto。</translation>
    </message>
</context>
<context>
    <name>OrderHooks</name>
    <message>
        <location filename="../../idphoto_gui/qt/window/order_hooks.py" line="116"/>
        <source>Some photos of the kept sheet could not be reopened.</source>
        <translation>保留的拼版中有照片无法重新打开。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/order_hooks.py" line="165"/>
        <source>Quit without printing?</source>
        <translation>不打印就退出？</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/order_hooks.py" line="166"/>
        <source>The composed sheet has not been printed. It is kept as a draft and comes back next time.</source>
        <translation>拼好的版面还没有打印。它会作为草稿保留，下次启动时恢复。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/order_hooks.py" line="168"/>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/order_hooks.py" line="169"/>
        <source>Stay</source>
        <translation>继续工作</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/order_hooks.py" line="174"/>
        <source>Order book</source>
        <translation>订单簿</translation>
    </message>
</context>
<context>
    <name>OrdersDialog</name>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="66"/>
        <source>Orders</source>
        <translation>订单</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="67"/>
        <source>Search by name, phone or order number, or date (2026-12-01)</source>
        <translation>按姓名、电话或订单号、日期（2026-12-01）搜索</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="68"/>
        <source>No.</source>
        <translation>编号</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="68"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="68"/>
        <source>Customer</source>
        <translation>顾客</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="69"/>
        <source>Phone / order no.</source>
        <translation>电话/订单号</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="69"/>
        <source>Photos</source>
        <translation>照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="69"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="70"/>
        <source>Reopen</source>
        <translation>重新打开</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="71"/>
        <source>Open the order&apos;s photos with the edits they were printed with</source>
        <translation>按当时的编辑重新打开该订单的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="72"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="77"/>
        <source>Printed</source>
        <translation>已打印</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="77"/>
        <source>Saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="77"/>
        <source>Draft</source>
        <translation>草稿</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="97"/>
        <source>(photo not stored)</source>
        <translation>（未保存照片）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="101"/>
        <source>No orders match.</source>
        <translation>没有匹配的订单。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="102"/>
        <source>No orders yet: saving, printing or composing a sheet records one.</source>
        <translation>还没有订单：保存、打印或拼版时会自动记录。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="131"/>
        <source>Order %1: some photos could not be reopened:</source>
        <translation>订单 %1：有照片无法重新打开：</translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="134"/>
        <source>Order %1 reopened: %n photo(s).</source>
        <translation>
            <numerusform>订单 %1 已重新打开：%n 张照片。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="142"/>
        <source>The source photo is gone: %1. Open it again from where it is now.</source>
        <translation>源照片已不在：%1。请从它现在的位置重新打开。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="144"/>
        <source>The source photo has changed since the order: %1. Check it before printing.</source>
        <translation>源照片在下单后已被修改：%1。打印前请检查。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/orders_dialog.py" line="147"/>
        <source>This order keeps only its settings (photos are not stored): open the photo again.</source>
        <translation>此订单只保存了设置（不保存照片）：请重新打开照片。</translation>
    </message>
</context>
<context>
    <name>OriginalView</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/original_view.py" line="39"/>
        <source>Every person</source>
        <translation>每人各做一张</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/original_view.py" line="40"/>
        <source>Make a photo of every person, each into the strip as its own photo</source>
        <translation>为照片中的每个人各做一张证件照，每张单独放入照片栏</translation>
    </message>
</context>
<context>
    <name>PhotoPreview</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/preview.py" line="349"/>
        <source>Eye line zone</source>
        <translation>眼线范围</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/preview.py" line="351"/>
        <source>Head top / chin zone</source>
        <translation>头顶 / 下巴范围</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/preview.py" line="352"/>
        <source>Measured</source>
        <translation>实测位置</translation>
    </message>
</context>
<context>
    <name>PinPage</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="132"/>
        <source>The staff PIN in kiosk.json was changed by hand or damaged, so it was unset. Choose a new PIN of 4 to 8 digits.</source>
        <translation>kiosk.json 中保存的员工密码被手动改动或已损坏，无法再用，已被清除。请设置新的 4&#xa0;到&#xa0;8 位数字密码。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="123"/>
        <source>Set the staff PIN</source>
        <translation>设置工作人员密码</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="123"/>
        <source>Staff only</source>
        <translation>仅限工作人员</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="125"/>
        <source>Choose a PIN of 4 to 8 digits for the staff menu.</source>
        <translation>请为工作人员菜单设置 4 到 8 位数字密码。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="126"/>
        <source>Enter the staff PIN.</source>
        <translation>请输入工作人员密码。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="127"/>
        <source>Enter the same PIN again.</source>
        <translation>请再次输入相同的密码。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="128"/>
        <source>A PIN has 4 to 8 digits.</source>
        <translation>密码为 4 到 8 位数字。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="129"/>
        <source>The two PINs differ. Start again.</source>
        <translation>两次密码不一致，请重新输入。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="130"/>
        <source>Wrong PIN.</source>
        <translation>密码错误。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="131"/>
        <source>Too many wrong PINs. Wait a minute.</source>
        <translation>密码错误次数过多，请等一分钟。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="137"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="137"/>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="138"/>
        <source>Back</source>
        <translation>返回</translation>
    </message>
</context>
<context>
    <name>Presenter</name>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="56"/>
        <source>Open another photo with Ctrl+O or drop it here.</source>
        <translation>按 Ctrl+O 打开其他照片，或把照片拖到这里。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="60"/>
        <source>Opening…</source>
        <translation>正在打开…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="60"/>
        <source>Analysing face and background…</source>
        <translation>正在分析人脸和背景…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="61"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="163"/>
        <source>Analyse again</source>
        <translation>重新分析</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="165"/>
        <source>Try again</source>
        <translation>重试</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="167"/>
        <source>Show faces</source>
        <translation>显示人脸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="169"/>
        <source>Open another photo…</source>
        <translation>打开其他照片…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="228"/>
        <source>Photos</source>
        <translation>照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="238"/>
        <source>%n photo(s)</source>
        <translation>%n 张</translation>
    </message>
</context>
<context>
    <name>ProductPage</name>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="103"/>
        <source>Full sheet: %n photo(s)</source>
        <translation>
            <numerusform>整版：%n 张</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="104"/>
        <source>%n photo(s)</source>
        <translation>
            <numerusform>%n 张</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="108"/>
        <source>How many photos?</source>
        <translation>需要几张？</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="109"/>
        <source>Back</source>
        <translation>返回</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="110"/>
        <source>Printed at the exact size on %1 photo paper.</source>
        <translation>按实际尺寸打印在 %1 相纸上。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="111"/>
        <source>Print</source>
        <translation>打印</translation>
    </message>
</context>
<context>
    <name>Proof</name>
    <message>
        <location filename="../../idphoto_gui/qt/common/proof.py" line="14"/>
        <source>PROOF</source>
        <translation>样片</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <location filename="../../idphoto_gui/qt/common/i18n.py" line="17"/>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/i18n.py" line="18"/>
        <source>&amp;Look in:</source>
        <translation>查看(&amp;L)：</translation>
    </message>
</context>
<context>
    <name>ReviewPage</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/review.py" line="38"/>
        <source>Your photo</source>
        <translation>您的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/review.py" line="39"/>
        <source>Retake</source>
        <translation>重拍</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/review.py" line="40"/>
        <source>Accept</source>
        <translation>确认</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/review.py" line="52"/>
        <source>Please step back a little and take the photo again: your shoulders do not fit in it. Or accept it with the shoulders completed.</source>
        <translation>请稍微后退一点再拍一次：您的肩膀没有完全拍进照片。也可以接受这张补全了肩膀的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/review.py" line="55"/>
        <source>Your photo meets the rules. Accept it, or take it again.</source>
        <translation>照片符合要求。请确认，或重新拍摄。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/review.py" line="57"/>
        <source>Please take it again.</source>
        <translation>请重新拍摄。</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="137"/>
        <source>Never</source>
        <translation>从不</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="131"/>
        <source>Memory for photos</source>
        <translation>照片占用内存</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="133"/>
        <source>Automatic (%1 MB)</source>
        <translation>自动（%1 MB）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="134"/>
        <source>Never store photos on disk (no cache of analyses)</source>
        <translation>从不在磁盘上保存照片（不缓存分析结果）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="135"/>
        <source>Clear finished customers after</source>
        <translation>已完成的顾客自动清除时间</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="136"/>
        <source> h</source>
        <translation> 小时</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="121"/>
        <source>Template for new photos</source>
        <translation>新照片的默认模板</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="120"/>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="146"/>
        <source>Watch a folder</source>
        <translation>监视文件夹</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="123"/>
        <source>The camera software&apos;s folder: new photos open by themselves</source>
        <translation>相机联机软件的文件夹：新照片会自动打开</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="127"/>
        <source>Give new photos the current template and background</source>
        <translation>新照片使用当前的模板和背景</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="119"/>
        <source>Keep orders</source>
        <translation>订单保留</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="128"/>
        <source>for ever</source>
        <translation>永久</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="129"/>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="130"/>
        <source>Orders remember where each photo is (off: only the settings are kept)</source>
        <translation>订单记录每张照片的位置（关闭：只保留设置）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="113"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="114"/>
        <source>System language</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="115"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="116"/>
        <source>Matting model</source>
        <translation>抠图模型</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="117"/>
        <source>Save to</source>
        <translation>保存到</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="118"/>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="126"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="138"/>
        <source>Changing the model analyses the photos again; results are cached per model.</source>
        <translation>更换模型后会重新分析照片；每个模型的结果都会缓存。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="141"/>
        <source>Output folder</source>
        <translation>输出文件夹</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="122"/>
        <source>Garments</source>
        <translation>服装</translation>
    </message>
</context>
<context>
    <name>SheetComposer</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="225"/>
        <source>Sheet composer</source>
        <translation>排版组合</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="226"/>
        <source>Photo</source>
        <translation>照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="226"/>
        <source>Size</source>
        <translation>尺寸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="226"/>
        <source>Copies</source>
        <translation>张数</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="227"/>
        <source>Add this photo</source>
        <translation>添加当前照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="228"/>
        <source>Add all photos</source>
        <translation>添加全部照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="229"/>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="230"/>
        <source>Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="231"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="232"/>
        <source>Paper</source>
        <translation>相纸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="233"/>
        <source>Customer</source>
        <translation>顾客</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="234"/>
        <source>Order number</source>
        <translation>订单号</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="235"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="236"/>
        <source>Printed in the margin, never over a photo</source>
        <translation>印在页边空白处，不会压住照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="237"/>
        <source>Proof: watermark on screen and on the proof print</source>
        <translation>样片：屏幕和样片打印带水印</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="238"/>
        <source>Save sheet…</source>
        <translation>保存排版…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="239"/>
        <source>Save as PDF, JPEG or PNG (never with the watermark)</source>
        <translation>保存为 PDF、JPEG 或 PNG（文件从不带水印）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="240"/>
        <source>Print…</source>
        <translation>打印…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="241"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="242"/>
        <source>Add photos from the strip to compose a sheet.</source>
        <translation>从左侧照片栏添加照片来组合排版。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="405"/>
        <source>%n photo(s)</source>
        <translation>
            <numerusform>%n 张</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="410"/>
        <source>Copies that did not fit on this paper: %1</source>
        <translation>这张相纸放不下的张数：%1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="412"/>
        <source>No room for the caption in the margin: it is left out.</source>
        <translation>页边没有空间放说明文字，已省略。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="441"/>
        <source>Saved: %1</source>
        <translation>已保存：%1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="457"/>
        <source>Sent to the printer.</source>
        <translation>已发送到打印机。</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/pages.py" line="112"/>
        <source>ID photos in three minutes</source>
        <translation>三分钟拍好证件照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/pages.py" line="113"/>
        <source>Passport, visa and ID card photos, printed here at the right size.</source>
        <translation>护照、签证、身份证照片，现场按标准尺寸打印。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/pages.py" line="114"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/pages.py" line="115"/>
        <source>Staff</source>
        <translation>工作人员</translation>
    </message>
</context>
<context>
    <name>TemplatePicker</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/template_picker.py" line="201"/>
        <source>Choose a template</source>
        <translation>选择规格</translation>
    </message>
</context>
<context>
    <name>TemplatePopup</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/template_picker.py" line="77"/>
        <source>Search: 一寸, passport, visa, 35x45…</source>
        <translation>搜索：一寸、护照、签证、35x45…</translation>
    </message>
</context>
<context>
    <name>WarningOverlay</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/idle.py" line="109"/>
        <source>Are you still there?</source>
        <translation>您还在吗？</translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/kiosk/idle.py" line="110"/>
        <source>For your privacy the kiosk starts again in %n second(s).</source>
        <translation>
            <numerusform>为保护您的隐私，%n 秒后将重新开始。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/idle.py" line="112"/>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
</context>
</TS>
